//! `sudoku schema`: it prints `docs/variant.schema.json` byte for byte; every variant document
//! and rules file committed in the repository, and what `solve` and `generate` print, validate
//! against the printed schema and read as puzzles; and on mutations of the committed documents
//! (a field dropped, an unknown key, a wrong type, a bad rule) the schema and the library's
//! reader agree on accepting or refusing.

mod common;

use common::{stdout_of, sudoku, testdata};
use serde_json::{json, Value};
use std::path::PathBuf;
use sudokit::format::variant::{self, Options, VariantLayout};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What `sudoku schema` prints, checked to be the committed file.
fn printed_schema() -> Value {
    let output = sudoku().arg("schema").output().expect("runs");
    assert!(output.status.success(), "{output:?}");
    let printed = stdout_of(&output);
    let file = std::fs::read_to_string(root().join("docs/variant.schema.json")).expect("the file");
    assert_eq!(
        printed, file,
        "`sudoku schema` prints docs/variant.schema.json"
    );
    serde_json::from_str(&printed).expect("the schema is JSON")
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).expect("a valid JSON Schema")
}

fn assert_valid(validator: &jsonschema::Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:?}");
}

/// The variant documents committed in the repository: the examples under
/// `testdata/variant/` and the puzzles of the benchmark's sets (one a line, in `puzzle`).
fn committed_documents() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(testdata("variant")).expect("testdata/variant") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).expect("readable");
            out.push((
                path.display().to_string(),
                serde_json::from_str(&text).expect("JSON"),
            ));
        }
    }
    let sets = root().join("crates/sudoku-bench/data/variant");
    for entry in std::fs::read_dir(&sets).expect("the benchmark's sets") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            let text = std::fs::read_to_string(&path).expect("readable");
            for (i, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let record: Value = serde_json::from_str(line).expect("a JSON line");
                out.push((
                    format!("{}:{}", path.display(), i + 1),
                    record["puzzle"].clone(),
                ));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn reads(document: &Value) -> Result<variant::VariantParsed, String> {
    variant::parse(&document.to_string(), &Options::default()).map_err(|e| e.to_string())
}

#[test]
fn schema_prints_the_committed_file() {
    let schema = printed_schema();
    validator(&schema);
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}

#[test]
fn every_committed_document_validates_and_reads() {
    let schema = printed_schema();
    let validator = validator(&schema);
    let documents = committed_documents();
    assert!(documents.len() > 1000, "{} documents", documents.len());
    for (name, document) in &documents {
        assert_valid(&validator, document, name);
        let parsed = reads(document).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(parsed.layout, VariantLayout::Json, "{name}");
    }
}

/// A `--rules-file` is the document's `rules` array alone: the committed ones validate
/// against that part of the printed schema.
#[test]
fn committed_rules_files_validate() {
    let schema = printed_schema();
    let rules_schema = json!({
        "$schema": schema["$schema"],
        "$defs": schema["$defs"],
        "type": "array",
        "items": schema["properties"]["rules"]["items"],
    });
    let validator = validator(&rules_schema);
    let dir = testdata("variant/rules-files");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("rules files") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        let value: Value = serde_json::from_str(&text).expect("JSON");
        assert_valid(&validator, &value, &path.display().to_string());
        let rules: Vec<sudokit::variant::Rule> =
            serde_json::from_value(value).expect("the library reads the rules");
        assert!(!rules.is_empty());
        files += 1;
    }
    assert!(files >= 1, "no rules file in {}", dir.display());
    // Not a rules array: refused by both.
    let wrong = json!([{"type": "thermo", "cell": ["r1c1"]}]);
    assert!(!validator.is_valid(&wrong));
    assert!(serde_json::from_value::<Vec<sudokit::variant::Rule>>(wrong).is_err());
}

/// What the CLI prints as documents (solutions of documents, `generate --killer`) validates.
#[test]
fn printed_documents_validate() {
    let validator = validator(&printed_schema());
    let mut printed = Vec::new();
    for name in ["mixed_6x6.json", "jigsaw_6x6.json", "killer_4x4.json"] {
        let output = sudoku()
            .args(["solve", "--variant", "--all", "--limit", "5"])
            .arg(testdata(&format!("variant/{name}")))
            .output()
            .expect("runs");
        assert!(output.status.success(), "{output:?}");
        printed.push((name.to_string(), stdout_of(&output)));
    }
    let output = sudoku()
        .args([
            "generate", "--killer", "--size", "6", "-n", "3", "--seed", "7",
        ])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    printed.push(("generate --killer".to_string(), stdout_of(&output)));
    let mut seen = 0;
    for (name, text) in printed {
        for value in serde_json::Deserializer::from_str(&text).into_iter::<Value>() {
            let value = value.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_valid(&validator, &value, &name);
            reads(&value).unwrap_or_else(|e| panic!("{name}: {e}"));
            seen += 1;
        }
    }
    assert!(seen >= 6, "{seen} documents printed");
}

/// Mutations of committed documents: what the schema refuses the reader refuses, and what it
/// accepts the reader does not refuse for a field.
#[test]
fn schema_and_reader_agree_on_mutated_documents() {
    let validator = validator(&printed_schema());
    let mut cases = 0;
    // Every example, and every ninth puzzle of the benchmark's sets (all their rule kinds).
    let documents = committed_documents()
        .into_iter()
        .enumerate()
        .filter(|(i, (name, _))| i % 9 == 0 || name.contains("testdata"))
        .map(|(_, document)| document);
    for (name, document) in documents {
        for (what, mutated) in mutations(&document) {
            let schema_ok = validator.is_valid(&mutated);
            let reader = reads(&mutated);
            // The reader also checks what a schema cannot (cells inside the grid, sums a
            // cage can hold...): only a schema refusal must be a reader refusal, and a
            // structural mutation the schema accepts must read.
            if !schema_ok {
                assert!(
                    reader.is_err(),
                    "{name}, {what}: the schema refuses, the reader reads"
                );
            } else if let Err(e) = reader {
                assert!(
                    !e.contains("unknown field") && !e.contains("missing field"),
                    "{name}, {what}: the schema accepts, the reader refuses: {e}"
                );
            }
            cases += 1;
        }
    }
    eprintln!("{cases} mutations");
    assert!(cases > 10_000, "{cases} mutations");
}

fn mutations(document: &Value) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let Some(object) = document.as_object() else {
        return out;
    };
    for key in object.keys() {
        let mut m = object.clone();
        m.remove(key);
        out.push((format!("without {key}"), Value::Object(m)));
        let mut m = object.clone();
        m.insert(key.clone(), json!(true));
        out.push((format!("{key}: true"), Value::Object(m)));
    }
    let mut m = object.clone();
    m.insert("colour".into(), json!("red"));
    out.push(("an unknown key".into(), Value::Object(m)));
    if let Some(rules) = object.get("rules").and_then(Value::as_array) {
        for (i, rule) in rules.iter().enumerate() {
            let Some(rule) = rule.as_object() else {
                continue;
            };
            for key in rule.keys() {
                let mut r = rule.clone();
                r.remove(key);
                out.push((format!("rule {i} without {key}"), with_rule(object, i, r)));
                let mut r = rule.clone();
                r.insert(key.clone(), json!("x"));
                out.push((format!("rule {i} {key}: \"x\""), with_rule(object, i, r)));
            }
            let mut r = rule.clone();
            r.insert("weight".into(), json!(1));
            out.push((
                format!("rule {i} with an unknown key"),
                with_rule(object, i, r),
            ));
        }
    }
    out
}

fn with_rule(
    document: &serde_json::Map<String, Value>,
    i: usize,
    rule: serde_json::Map<String, Value>,
) -> Value {
    let mut document = document.clone();
    if let Some(rules) = document.get_mut("rules").and_then(Value::as_array_mut) {
        rules[i] = Value::Object(rule);
    }
    Value::Object(document)
}
