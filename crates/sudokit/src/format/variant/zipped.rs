//! SudokuPad's compact JSON: the text inside an `scl` link once lz-string has expanded it.
//!
//! SudokuPad shortens its puzzle JSON before compressing it (its "zipper"): keys lose their
//! quotes and the common ones are abbreviated (`ce` for `cells`, `wp` for `wayPoints`...),
//! strings take single quotes, empty objects in arrays are left out (`[,,{v:5}]` is three
//! cells, `[]` one empty object, since empty arrays are dropped before zipping), and after a
//! colon `t`/`f` are true/false and colours lose their quotes and `#` (`#0` black, `#F`
//! white, `cfcfcf`). [`read`] parses that form directly into a JSON value with the full key
//! names, so that plain JSON (the older `ctc` form) and zipped text go through one reader.
//! Nesting is held to [`MAX_DEPTH`], so no input can overflow the stack. [`write`] is the
//! other way: a JSON value in that compact form, which [`read`] reads back to the same value.

use serde_json::{Map, Number, Value};

/// The deepest nesting of arrays and objects read (SudokuPad's own puzzles use about 5).
pub(super) const MAX_DEPTH: usize = 64;

/// SudokuPad's abbreviations: (short, full).
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The JSON value of SudokuPad's compact text (or of plain JSON), with full key names; the
/// error names the byte offset at fault.
pub(super) fn read(text: &str) -> Result<Value, String> {
    let mut reader = Reader { text, at: 0 };
    let value = reader.value(0, false)?;
    reader.skip_space();
    if reader.at < text.len() {
        return Err(reader.fault("text after the puzzle"));
    }
    Ok(value)
}

/// `value` in SudokuPad's compact form: keys abbreviated and unquoted, strings in single
/// quotes, `t`/`f` for true/false after a colon, colours after a colon bare (`#0` black,
/// `#F` white, else the six hex digits without `#`), empty objects in arrays left out, and
/// object members whose value is an empty array dropped (as SudokuPad drops them before
/// zipping). [`read`] of the text gives `value` back, but for those dropped members.
pub(super) fn write(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, false);
    out
}

fn write_value(out: &mut String, value: &Value, after_colon: bool) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(match (after_colon, b) {
            (true, true) => "t",
            (true, false) => "f",
            (false, true) => "true",
            (false, false) => "false",
        }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => match colour(s).filter(|_| after_colon) {
            Some(bare) => out.push_str(&bare),
            None => write_string(out, s),
        },
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                // An empty object is the empty place between two commas.
                if !item.as_object().is_some_and(Map::is_empty) {
                    write_value(out, item, false);
                }
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut first = true;
            for (key, item) in map {
                if item.as_array().is_some_and(Vec::is_empty) {
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                let short = KEYS
                    .iter()
                    .find(|(_, full)| full == key)
                    .map_or(key.as_str(), |(short, _)| short);
                let bare = !short.is_empty()
                    && short
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_');
                if bare {
                    out.push_str(short);
                } else {
                    write_string(out, short);
                }
                out.push(':');
                write_value(out, item, true);
            }
            out.push('}');
        }
    }
}

/// A colour as the zipper writes it after a colon, if `s` is one (`#` and six hex digits).
fn colour(s: &str) -> Option<String> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some(match hex {
        "000000" => "#0".to_string(),
        "FFFFFF" => "#F".to_string(),
        _ => hex.to_string(),
    })
}

/// A string in single quotes: JSON's escapes, with `'` escaped and `"` left bare.
fn write_string(out: &mut String, s: &str) {
    let json = Value::String(s.to_string()).to_string();
    let inner = &json[1..json.len() - 1];
    out.push('\'');
    out.push_str(&inner.replace("\\\"", "\"").replace('\'', "\\'"));
    out.push('\'');
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn fault(&self, what: &str) -> String {
        format!("{what} at offset {}", self.at)
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.skip_space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.fault(&format!("expected '{}'", char::from(byte))))
        }
    }

    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.fault("nested too deeply"));
        }
        self.skip_space();
        match self.peek() {
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
            Some(_) => self.bare(after_colon),
            None => Err(self.fault("unexpected end")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'{')?;
        let mut map = Map::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                // An empty member, as the zipper's `{}` elision can leave.
                Some(b',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => self.word().to_string(),
            };
            if key.is_empty() {
                return Err(self.fault("expected a key"));
            }
            self.expect(b':')?;
            let value = self.value(depth, true)?;
            let full = KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key, |(_, full)| (*full).to_string());
            map.insert(full, value);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {}
                _ => return Err(self.fault("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            // After '[' or ',', a ',' or ']' stands for an empty object.
            let item = match self.peek() {
                Some(b',' | b']') => Value::Object(Map::new()),
                _ => self.value(depth, false)?,
            };
            items.push(item);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.fault("expected ',' or ']'")),
            }
        }
    }

    /// A quoted string: JSON's escapes; in single quotes `\'` is a quote.
    fn string(&mut self, quote: u8) -> Result<String, String> {
        let start = self.at;
        self.at += 1;
        let mut literal = String::from("\"");
        let bytes = self.text.as_bytes();
        let mut run = self.at;
        loop {
            match bytes.get(self.at) {
                None => {
                    self.at = start;
                    return Err(self.fault("unterminated string"));
                }
                Some(&b) if b == quote => break,
                Some(b'\\') if bytes.get(self.at + 1) == Some(&b'\'') => {
                    literal.push_str(&self.text[run..self.at]);
                    literal.push('\'');
                    self.at += 2;
                    run = self.at;
                }
                Some(b'\\') => self.at += 2,
                Some(b'"') => {
                    literal.push_str(&self.text[run..self.at]);
                    literal.push_str("\\\"");
                    self.at += 1;
                    run = self.at;
                }
                Some(_) => self.at += 1,
            }
        }
        literal.push_str(self.text.get(run..self.at).unwrap_or_default());
        literal.push('"');
        self.at += 1;
        serde_json::from_str(&literal).map_err(|e| {
            let at = start;
            format!("bad string at offset {at}: {e}")
        })
    }

    /// A run of characters up to the next delimiter.
    fn word(&mut self) -> &str {
        let start = self.at;
        while self.peek().is_some_and(|b| {
            !matches!(b, b',' | b':' | b'{' | b'}' | b'[' | b']' | b'\'' | b'"')
                && !b.is_ascii_whitespace()
        }) {
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    fn bare(&mut self, after_colon: bool) -> Result<Value, String> {
        let start = self.at;
        let text = self.text;
        self.word();
        let word = &text[start..self.at];
        let value = match word {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            "t" if after_colon => Value::Bool(true),
            "f" if after_colon => Value::Bool(false),
            "#0" if after_colon => Value::String("#000000".into()),
            "#F" if after_colon => Value::String("#FFFFFF".into()),
            hex if after_colon && hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Value::String(format!("#{hex}"))
            }
            number => match serde_json::from_str::<Number>(number) {
                Ok(n) => Value::Number(n),
                Err(_) => {
                    self.at = start;
                    return Err(self.fault(&format!(
                        "unexpected {:?}",
                        number.chars().take(16).collect::<String>()
                    )));
                }
            },
        };
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipped_text_reads_with_full_keys_and_empty_objects() {
        let value = read(
            "{ce:[[,{v:5},],[]],re:[[[0,0]]],o:[{ct:[0.5,1],r:t,c2:#F,c1:cfcfcf,te:'it\\'s'}]}",
        )
        .expect("reads");
        let cells = &value["cells"];
        assert_eq!(cells[0].as_array().map(Vec::len), Some(3));
        assert_eq!(cells[0][1]["value"], 5);
        assert_eq!(cells[0][0], Value::Object(Map::new()));
        assert_eq!(cells[1].as_array().map(Vec::len), Some(1));
        let overlay = &value["overlays"][0];
        assert_eq!(overlay["rounded"], true);
        assert_eq!(overlay["backgroundColor"], "#FFFFFF");
        assert_eq!(overlay["borderColor"], "#cfcfcf");
        assert_eq!(overlay["text"], "it's");
        assert_eq!(value["regions"][0][0][1], 0);
    }

    #[test]
    fn written_text_reads_back() {
        let text = "{ce:[[,{v:5},],[]],re:[[[0,0]]],o:[{ct:[0.5,1],r:t,c2:#F,c1:cfcfcf,c:#0,te:'it\\'s \\\"x\\\"'}],\
                    metadata:{solution:'12',t:f,ok:[true,false,null]},a:[{wp:[[0.5,0.5]]}],'odd key':1}";
        let value = read(text).expect("reads");
        let written = write(&value);
        assert_eq!(read(&written).expect("reads back"), value, "{written}");
        // The compact forms: short keys, t/f, bare colours, empty objects left out.
        for part in [
            "ce:[[,{v:5},],[]]",
            "r:t",
            "c2:#F",
            "c1:cfcfcf",
            "c:#0",
            "'odd key':1",
        ] {
            assert!(written.contains(part), "{part} in {written}");
        }
        assert_eq!(value["overlays"][0]["text"], "it's \"x\"");
        // In an array a colour stays quoted, and a string of six hex digits always does.
        let odd: Value =
            serde_json::from_str(r##"{"list":["abcdef","#abcdef"],"x":"abcdef"}"##).expect("JSON");
        let written = write(&odd);
        assert_eq!(written, "{list:['abcdef','#abcdef'],x:'abcdef'}");
        assert_eq!(read(&written).expect("reads back"), odd);
        // Empty arrays are dropped, as SudokuPad drops them.
        let empty: Value = serde_json::from_str(r#"{"lines":[],"cells":[[{}]]}"#).expect("JSON");
        assert_eq!(write(&empty), "{ce:[[]]}");
        assert_eq!(
            read("{ce:[[]]}").expect("reads")["cells"][0][0],
            Value::Object(Map::new())
        );
    }

    #[test]
    fn plain_json_reads_too() {
        let value = read(r#"{"cells": [[{"value": "1"}]], "id": "x"}"#).expect("reads");
        assert_eq!(value["cells"][0][0]["value"], "1");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for text in [
            "", "{", "[1,", "{a 1}", "{a:'x}", "{a:zz}", "{a:1} x", "'é\\",
        ] {
            assert!(read(text).is_err(), "{text:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        assert!(read(&deep).expect_err("too deep").contains("nested"));
    }
}
