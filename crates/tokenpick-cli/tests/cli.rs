//! The `tokenpick` binary end to end: `sample` on text input, a bad row, and a short `demo`.

use std::io::Write;
use std::process::{Command, Stdio};

fn tokenpick(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokenpick"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let output = child.wait_with_output().expect("exit");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn sample_prints_one_token_per_row() {
    let input = "0 9 1 2\n-inf 0 0 7\n5 5 5 5\n";
    let (code, stdout, _) = tokenpick(&["sample", "--vocab", "4", "--temperature", "0"], input);
    assert_eq!(code, 0);
    assert_eq!(stdout, "1\n3\n0\n");
    let (code, stdout, _) = tokenpick(
        &["sample", "--vocab", "4", "--top-k", "1", "--seed", "3"],
        input,
    );
    assert_eq!((code, stdout.as_str()), (0, "1\n3\n0\n"));
}

#[test]
fn a_bad_row_is_named_and_the_others_still_print() {
    let input = "0 1 nan 2\n0 9 1 2\n";
    let (code, stdout, stderr) = tokenpick(&["sample", "--vocab", "4", "--seed", "1"], input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "-");
    assert!(lines[1].parse::<u32>().is_ok());
    assert!(stderr.contains("row 0"), "{stderr}");
    let (code, _, stderr) = tokenpick(&["sample", "--vocab", "3"], "1 2 3 4");
    assert_eq!(code, 2);
    assert!(stderr.contains("not a whole number of rows"), "{stderr}");
}

#[test]
fn demo_runs_and_every_verdict_passes() {
    let (code, stdout, stderr) = tokenpick(&["demo", "--calls", "1", "--draws", "2000"], "");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("all verdicts pass"), "{stdout}");
    assert_eq!(stdout.matches("PASS").count(), 7, "{stdout}");
}

#[test]
fn verify_passes_every_check_on_this_machine() {
    let (code, stdout, stderr) = tokenpick(&["verify", "--draws", "40000"], "");
    assert_eq!(code, 0, "stdout: {stdout}\nstderr: {stderr}");
    assert!(stdout.contains("12 of 12 checks pass"), "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
    // The table names the backend and the path of every check.
    assert!(stdout.contains("tokenpick verify: backend "), "{stdout}");
    assert_eq!(stdout.matches("PASS").count(), 12, "{stdout}");
}
