// The player's settings, kept in localStorage: which aids are on, the clock, the theme.

const KEY = 'sudoku.settings';

/** The settings of a first visit: every aid on but "mistakes at once", the system's theme. */
export const DEFAULTS = Object.freeze({
  conflicts: true, houses: true, same: true, mistakes: false, timer: true, theme: 'system',
});

/** The saved settings over the defaults; a value of the wrong type keeps its default. */
export function loadSettings() {
  const settings = { ...DEFAULTS };
  try {
    const saved = JSON.parse(window.localStorage.getItem(KEY) || '{}');
    for (const key of Object.keys(DEFAULTS)) {
      if (saved && typeof saved[key] === typeof DEFAULTS[key]) settings[key] = saved[key];
    }
  } catch (err) {
    // Storage blocked or a broken value: the defaults stand.
  }
  return settings;
}

export function saveSettings(settings) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(settings));
  } catch (err) {
    // Storage blocked: the settings hold for this visit only.
  }
}

/** The theme on the root element: none for the system's, or `light` / `dark`. */
export function applyTheme(settings) {
  if (settings.theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
}
