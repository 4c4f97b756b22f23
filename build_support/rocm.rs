//! Feature `rocm`: compiles the HIP sources under cpp/rocm with hipcc for AMD targets and links
//! the HIP runtime. The targets default to one wave64 (gfx90a, CDNA 2) and one wave32 (gfx1030,
//! RDNA 2) architecture; `TOKENPICK_HIP_ARCHS` (e.g. `gfx942;gfx1100`) replaces them.

use std::env;
use std::path::Path;
use std::process::{Child, Command};
use std::thread;
use std::time::Duration;

/// The HIP runtime probe; with it hipcc compiles the shared kernel sources (`GPU_SOURCES` of
/// build.rs) as HIP (cpp/cuda/cuda_to_hip.h maps the host code's runtime names).
const HIP_PROBE: &str = "cpp/rocm/hip_probe.hip";
/// Forced include of the .cu sources under hipcc.
const CUDA_TO_HIP: &str = "cpp/cuda/cuda_to_hip.h";
/// Targets built unless `TOKENPICK_HIP_ARCHS` says otherwise.
const DEFAULT_ARCHS: &str = "gfx90a;gfx1030";
/// The variable that overrides the targets.
const ARCHS_VAR: &str = "TOKENPICK_HIP_ARCHS";
/// How often a build waiting for a free job slot looks at its running compiles.
const POLL: Duration = Duration::from_millis(50);
/// Debian's packages that provide hipcc and the runtime, for the error message.
const HIP_PACKAGES: &str = "hipcc libamdhip64-dev";

/// Builds `libtokenpick_rocm.a` into `out_dir` and links it and the HIP runtime.
pub fn build(out_dir: &Path) {
    println!("cargo:rerun-if-env-changed={ARCHS_VAR}");
    println!("cargo:rerun-if-env-changed=HIPCC");
    println!("cargo:rerun-if-env-changed=ROCM_PATH");
    let hipcc = super::find_compiler("hipcc", "HIPCC", "ROCM_PATH").unwrap_or_else(|| {
        panic!(
            "feature `rocm` needs hipcc and it was not found (looked at $HIPCC, \
             $ROCM_PATH/bin/hipcc and PATH). Install ROCm, or on Debian: apt-get install \
             {HIP_PACKAGES}"
        )
    });
    let archs_text = env::var(ARCHS_VAR).unwrap_or_else(|_| DEFAULT_ARCHS.to_owned());
    let archs: Vec<&str> = archs_text
        .split([';', ',', ' '])
        .map(str::trim)
        .filter(|arch| !arch.is_empty())
        .collect();
    assert!(
        !archs.is_empty(),
        "{ARCHS_VAR} names no target (e.g. gfx90a;gfx1030)"
    );

    let mut objects = Vec::new();
    let mut commands = Vec::new();
    for source in std::iter::once(&HIP_PROBE).chain(super::GPU_SOURCES) {
        let stem = Path::new(source)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("hip");
        let object = out_dir.join(format!("{stem}.hip.o"));
        let mut command = Command::new(&hipcc);
        // Without a target in HCC_AMDGPU_TARGET, hipcc runs a device enumerator that fails on
        // a machine without an AMD GPU.
        command
            .env("HIP_PLATFORM", "amd")
            .env("HCC_AMDGPU_TARGET", archs[0])
            .args(["-c", "-fPIC", "-O3", "-std=c++17"]);
        if source.ends_with(".cu") {
            command.args(["-x", "hip", "-include", CUDA_TO_HIP]);
        }
        for arch in &archs {
            command.arg(format!("--offload-arch={arch}"));
        }
        command.arg(source).arg("-o").arg(&object);
        commands.push(command);
        objects.push(object);
    }
    run_at_once(commands, jobs(), "hipcc");
    let library = out_dir.join("libtokenpick_rocm.a");
    let mut archive = Command::new("ar");
    archive.arg("crs").arg(&library).args(&objects);
    run_at_once(vec![archive], 1, "ar");
    println!("cargo:rustc-link-search=native={}", out_dir.display());
    println!("cargo:rustc-link-lib=static=tokenpick_rocm");
    // Debian puts libamdhip64 on the default library path; a ROCm install under $ROCM_PATH.
    if let Some(root) = env::var_os("ROCM_PATH") {
        println!(
            "cargo:rustc-link-search=native={}",
            Path::new(&root).join("lib").display()
        );
    }
    println!("cargo:rustc-link-lib=dylib=amdhip64");
}

/// How many compiles run at once: cargo's job count for this build script (`NUM_JOBS`).
fn jobs() -> usize {
    env::var("NUM_JOBS")
        .ok()
        .and_then(|jobs| jobs.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// Runs `commands`, at most `jobs` at a time (the next starts as soon as any one ends), and
/// fails the build on the first that fails.
fn run_at_once(commands: Vec<Command>, jobs: usize, what: &str) {
    let mut running: Vec<(Child, Command)> = Vec::new();
    for mut command in commands {
        while running.len() >= jobs {
            reap_finished(&mut running, what);
        }
        let child = command
            .spawn()
            .unwrap_or_else(|error| panic!("could not run {what}: {error}"));
        running.push((child, command));
    }
    while !running.is_empty() {
        reap_finished(&mut running, what);
    }
}

/// Removes the compiles of `running` that have ended (after a short wait when none has), and
/// fails the build if one failed.
fn reap_finished(running: &mut Vec<(Child, Command)>, what: &str) {
    let before = running.len();
    let mut index = 0;
    while index < running.len() {
        let (child, command) = &mut running[index];
        let ended = child
            .try_wait()
            .unwrap_or_else(|error| panic!("could not wait for {what}: {error}"));
        match ended {
            Some(status) => {
                assert!(status.success(), "{what} failed ({status}): {command:?}");
                running.swap_remove(index);
            }
            None => index += 1,
        }
    }
    if running.len() == before {
        thread::sleep(POLL);
    }
}
