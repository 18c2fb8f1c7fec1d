//! The library's module graph has no cycles (issue 31, item 3): the top-level modules form
//! layers (`board` at the bottom, `rate` and `generate` near the top), and so do the
//! submodules of `solve/` and of `logic/chains/`, `logic/chains` and `logic/techniques`, and
//! the submodules of every other module. A cycle means neither side can be understood, tested
//! or moved without the other.
//!
//! The test reads `src/**/*.rs` with `syn`, collects every path that names a module of this
//! crate (`crate::a::b`, `super::x`, `self::x`, or a child module's name) in `use` items, in
//! code and in macro bodies, and maps it to the module it names. Code under `#[cfg(test)]` is
//! left out: a unit test may reach across layers to compare two engines. A path through a
//! parent's re-export (`crate::logic::Step`) counts as a use of the parent, not of the file
//! that defines the item, so a facade's re-exports never make a cycle among its children.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// One reference from a file to a module path: the absolute path it names, and where.
#[derive(Debug, Clone)]
struct Reference {
    from: Vec<String>,
    to: Vec<String>,
    file: String,
    line: usize,
}

/// Every module of the crate (as paths below the crate root) and every reference among them.
struct Crate {
    modules: BTreeSet<Vec<String>>,
    references: Vec<Reference>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The module a file defines: `lib.rs` is the root, `a/mod.rs` and `a.rs` are `a`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_owned());
    }
    parts
}

/// Whether the attributes hold a `#[cfg(..)]` that names `test` (`cfg(test)`,
/// `cfg(any(test, ..))`).
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && matches!(&attr.meta, syn::Meta::List(list) if mentions_test(list.tokens.clone()))
    })
}

fn mentions_test(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == "test",
        TokenTree::Group(group) => mentions_test(group.stream()),
        _ => false,
    })
}

/// Collects the module paths a file's non-test code names, and its inline modules.
struct Collector<'a> {
    /// The module the visitor is in (the file's, plus inline modules).
    module: Vec<String>,
    file: String,
    /// The file modules, to resolve a path that starts with a child module's name.
    known: &'a BTreeSet<Vec<String>>,
    /// File modules declared under `#[cfg(test)]` (`mod test_util;`), left out.
    test_files: &'a mut BTreeSet<Vec<String>>,
    inline_modules: Vec<Vec<String>>,
    references: Vec<Reference>,
}

impl Collector<'_> {
    /// The absolute module path `segments` names from the current module, if it names one of
    /// this crate's (`crate::`, `super::`, `self::`, or a child module's name).
    fn resolve(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        match first.as_str() {
            "crate" => Some(segments[1..].to_vec()),
            "super" | "self" => {
                let mut base = self.module.clone();
                let mut rest = segments;
                while let Some(head) = rest.first() {
                    match head.as_str() {
                        "super" => {
                            base.pop()?;
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                Some(base)
            }
            _ => {
                let mut child = self.module.clone();
                child.push(first.clone());
                let is_child = self.known.contains(&child) || self.inline_modules.contains(&child);
                is_child.then(|| {
                    let mut path = self.module.clone();
                    path.extend(segments.iter().cloned());
                    path
                })
            }
        }
    }

    fn add(&mut self, segments: &[String], line: usize) {
        if let Some(to) = self.resolve(segments) {
            self.references.push(Reference {
                from: self.module.clone(),
                to,
                file: self.file.clone(),
                line,
            });
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, line: usize) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree, line);
                prefix.pop();
            }
            syn::UseTree::Name(name) => {
                let mut full = prefix.clone();
                if name.ident != "self" {
                    full.push(name.ident.to_string());
                }
                self.add(&full, line);
            }
            syn::UseTree::Rename(rename) => {
                let mut full = prefix.clone();
                if rename.ident != "self" {
                    full.push(rename.ident.to_string());
                }
                self.add(&full, line);
            }
            syn::UseTree::Glob(_) => {
                let full = prefix.clone();
                self.add(&full, line);
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(prefix, tree, line);
                }
            }
        }
    }

    /// Paths in a macro's tokens: `crate`, `super` or `self` followed by `::`-separated names.
    fn macro_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.macro_tokens(group.stream()),
                TokenTree::Ident(ident)
                    if ident == "crate" || ident == "super" || ident == "self" =>
                {
                    let line = ident.span().start().line;
                    let mut segments = vec![ident.to_string()];
                    let mut j = i + 1;
                    while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) =
                        (trees.get(j), trees.get(j + 1))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        let Some(TokenTree::Ident(next)) = trees.get(j + 2) else {
                            break;
                        };
                        segments.push(next.to_string());
                        j += 3;
                    }
                    if segments.len() > 1 {
                        self.add(&segments, line);
                    }
                    i = j.max(i + 1);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if is_test_only(attrs) {
            if let syn::Item::Mod(module) = item {
                if module.content.is_none() {
                    let mut path = self.module.clone();
                    path.push(module.ident.to_string());
                    self.test_files.insert(path);
                }
            }
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            _ => return syn::visit::visit_impl_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if let Some((_, items)) = &module.content {
            self.module.push(module.ident.to_string());
            self.inline_modules.push(self.module.clone());
            for item in items {
                self.visit_item(item);
            }
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let line = item.use_token.span.start().line;
        self.use_tree(&mut Vec::new(), &item.tree, line);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(first) = path.segments.first() {
            self.add(&segments, first.ident.span().start().line);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.macro_tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

fn read_crate() -> Crate {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_of(f.strip_prefix(&src).expect("under src")))
        .collect();
    let mut test_files = BTreeSet::new();
    let mut references = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&src).expect("under src");
        let text = std::fs::read_to_string(path).expect("a readable source file");
        let file = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("parsing {}: {e}", relative.display()));
        let module = module_of(relative);
        let mut collector = Collector {
            module: module.clone(),
            file: format!("src/{}", relative.display()),
            known: &modules,
            test_files: &mut test_files,
            inline_modules: Vec::new(),
            references: Vec::new(),
        };
        collector.visit_file(&file);
        let Collector {
            references: found,
            inline_modules,
            ..
        } = collector;
        references.push((module, found, inline_modules));
    }
    let mut all = Vec::new();
    for (module, found, inline) in references {
        // A test-only file module (or one inside it) is left out, like inline test modules.
        if test_files.iter().any(|t| module.starts_with(t)) {
            continue;
        }
        modules.extend(inline);
        all.extend(found);
    }
    Crate {
        modules,
        references: all,
    }
}

/// The edges among the children of `scope` (restricted to `only` when given): child `a`
/// depends on child `b` when a file in `a` names a path into `b`. Each edge keeps its sites.
fn edges(
    krate: &Crate,
    scope: &[&str],
    only: Option<&[&str]>,
) -> BTreeMap<(String, String), Vec<String>> {
    let child = |path: &[String]| -> Option<String> {
        if path.len() <= scope.len() || !scope.iter().zip(path).all(|(s, p)| s == p) {
            return None;
        }
        let name = path[scope.len()].clone();
        let module = path[..=scope.len()].to_vec();
        let included = only.is_none_or(|only| only.contains(&name.as_str()));
        (krate.modules.contains(&module) && included).then_some(name)
    };
    let mut out: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for reference in &krate.references {
        let (Some(from), Some(to)) = (child(&reference.from), child(&reference.to)) else {
            continue;
        };
        if from == to {
            continue;
        }
        let site = format!("{}:{}", reference.file, reference.line);
        let sites = out.entry((from, to)).or_default();
        if !sites.contains(&site) {
            sites.push(site);
        }
    }
    out
}

/// The cycles among the children of `scope`: each strongly connected group of two or more
/// modules, with the edges inside it and the file:line of each use that makes an edge.
fn cycles(krate: &Crate, scope: &[&str], only: Option<&[&str]>) -> String {
    let edges = edges(krate, scope, only);
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for (a, b) in edges.keys() {
                if *a == node && seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reaches(n))).collect();
    let mut report = String::new();
    let mut done: BTreeSet<&String> = BTreeSet::new();
    for node in &nodes {
        if done.contains(node) {
            continue;
        }
        let group: BTreeSet<&String> = nodes
            .iter()
            .copied()
            .filter(|other| {
                other == node || (reach[node].contains(*other) && reach[*other].contains(*node))
            })
            .collect();
        done.extend(group.iter().copied());
        if group.len() < 2 {
            continue;
        }
        let names: Vec<&str> = group.iter().map(|s| s.as_str()).collect();
        let _ = writeln!(report, "cycle in {}: {}", display(scope), names.join(", "));
        for ((a, b), sites) in &edges {
            if group.contains(a) && group.contains(b) {
                let _ = writeln!(report, "  {a} -> {b}: {}", sites.join(", "));
            }
        }
    }
    report
}

fn display(scope: &[&str]) -> String {
    if scope.is_empty() {
        "the crate's top-level modules".to_owned()
    } else {
        format!("{}/", scope.join("/"))
    }
}

/// The crate, read once for all the tests of this file.
fn the_crate() -> &'static Crate {
    static CRATE: OnceLock<Crate> = OnceLock::new();
    CRATE.get_or_init(read_crate)
}

fn assert_no_cycles(scope: &[&str], only: Option<&[&str]>) {
    let report = cycles(the_crate(), scope, only);
    assert!(report.is_empty(), "module cycles:\n{report}");
}

#[test]
fn top_level_modules_have_no_cycle() {
    assert_no_cycles(&[], None);
}

#[test]
fn solve_submodules_have_no_cycle() {
    assert_no_cycles(&["solve"], None);
}

#[test]
fn chains_submodules_have_no_cycle() {
    assert_no_cycles(&["logic", "chains"], None);
}

#[test]
fn chains_and_techniques_have_no_cycle() {
    assert_no_cycles(&["logic"], Some(&["chains", "techniques"]));
}

/// And the same for every other module's submodules (`logic/`, `format/`, `solve/simd/`...),
/// so that a new cycle anywhere fails here first.
#[test]
fn no_module_has_a_cycle_among_its_submodules() {
    let krate = the_crate();
    let mut report = String::new();
    for module in &krate.modules {
        let scope: Vec<&str> = module.iter().map(String::as_str).collect();
        report.push_str(&cycles(krate, &scope, None));
    }
    assert!(report.is_empty(), "module cycles:\n{report}");
}

/// The checker must see a cycle where there is one, through every kind of path it reads.
#[test]
fn the_checker_finds_the_cycles_it_is_made_for() {
    let krate = the_crate();
    // The real edges the checks above rely on are found at all.
    let top = edges(krate, &[], None);
    assert!(
        top.contains_key(&("logic".to_owned(), "board".to_owned())),
        "{top:?}"
    );
    assert!(
        top.contains_key(&("rate".to_owned(), "logic".to_owned())),
        "{top:?}"
    );
    // A cycle made up on the side: `board` naming `rate` closes `rate -> logic -> board`.
    let mut with_cycle = Crate {
        modules: krate.modules.clone(),
        references: krate.references.clone(),
    };
    with_cycle.references.push(Reference {
        from: vec!["board".to_owned()],
        to: vec!["rate".to_owned(), "Rater".to_owned()],
        file: "src/board/made_up.rs".to_owned(),
        line: 1,
    });
    let report = cycles(&with_cycle, &[], None);
    assert!(
        report.contains("board -> rate: src/board/made_up.rs:1"),
        "{report}"
    );
}

/// Paths are resolved the way the compiler reads them, in `use` trees, code and macros.
#[test]
fn paths_resolve_from_the_module_they_are_in() {
    let known: BTreeSet<Vec<String>> = [vec!["a"], vec!["a", "b"], vec!["a", "c"]]
        .into_iter()
        .map(|m| m.into_iter().map(str::to_owned).collect())
        .collect();
    let mut test_files = BTreeSet::new();
    let mut collector = Collector {
        module: vec!["a".to_owned(), "b".to_owned()],
        file: "src/a/b.rs".to_owned(),
        known: &known,
        test_files: &mut test_files,
        inline_modules: Vec::new(),
        references: Vec::new(),
    };
    let file: syn::File = syn::parse_str(
        "use super::c::{self, X as Y};\n\
         use crate::d::*;\n\
         fn f() { let _ = self::g(); m!(crate::e::h()); }\n\
         #[cfg(test)]\n\
         mod tests { use crate::z::Z; }\n",
    )
    .expect("parses");
    collector.visit_file(&file);
    let seen: Vec<(String, usize)> = collector
        .references
        .iter()
        .map(|r| (r.to.join("::"), r.line))
        .collect();
    let expect: Vec<(String, usize)> = [
        ("a::c", 1),
        ("a::c::X", 1),
        ("d", 2),
        ("a::b::g", 3),
        ("e::h", 3),
    ]
    .into_iter()
    .map(|(p, l)| (p.to_owned(), l))
    .collect();
    assert_eq!(seen, expect);
}
