//! Builds the C++ layer: the cxx bridge and the launchers with cxx-build, and with feature
//! `cuda` the CUDA sources under cpp/cuda with nvcc (through the cc crate's CUDA support),
//! linking the CUDA runtime statically.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "build_support/rocm.rs"]
mod rocm;

/// C++ sources of the bridge side, compiled by the host compiler.
const CPP_SOURCES: &[&str] = &[
    "cpp/array.cc",
    "cpp/backend.cc",
    "cpp/errors.cc",
    "cpp/validate.cc",
    "cpp/gumbel_max_sample.cc",
    "cpp/fused_sample_rejection.cc",
    "cpp/noise_hooks.cc",
    "cpp/device_memory.cc",
    "cpp/cuda_graph.cc",
];

/// C++ sources of the CUDA ports, compiled by the host compiler with feature `cuda`.
const CUDA_PORT_SOURCES: &[&str] = &[
    "cpp/cuda/gumbel_max_port.cc",
    "cpp/cuda/rejection_port.cc",
    "cpp/cuda/port_support.cc",
];

/// The CUDA runtime probe, compiled by nvcc with feature `cuda` (the HIP build has its own).
const CUDA_PROBE: &str = "cpp/cuda/cuda_probe.cu";

/// Kernel sources written once for both runtimes: nvcc compiles them with feature `cuda`,
/// hipcc as HIP with feature `rocm` (build_support/rocm.rs).
const GPU_SOURCES: &[&str] = &[
    "cpp/cuda/cuda_memory.cu",
    "cpp/cuda/cuda_graph_ops.cu",
    "cpp/cuda/device_shape.cu",
    "cpp/cuda/split_scratch.cu",
    "cpp/cuda/gumbel_max_kernel.cu",
    "cpp/cuda/gumbel_max_launch.cu",
    "cpp/cuda/filtered_sample_kernel.cu",
    "cpp/cuda/filtered_sample_launch.cu",
    "cpp/cuda/top_k_sample_kernel.cu",
    "cpp/cuda/top_p_verify_kernel.cu",
    "cpp/cuda/top_p_route.cu",
    "cpp/cuda/top_k_histogram_kernel.cu",
    "cpp/cuda/top_k_collect_kernel.cu",
    "cpp/cuda/top_k_route.cu",
];

/// Machine code built for each CUDA source: Hopper (H100/H200) and Ampere.
const CUDA_ARCHS: &[&str] = &["sm_90", "sm_80"];

/// The pinned PyPI wheels that provide nvcc, for the error message.
const CUDA_WHEELS: &str = "nvidia-cuda-nvcc==13.0.88 nvidia-nvvm==13.0.88 \
     nvidia-cuda-crt==13.0.88 nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85";

fn main() {
    println!("cargo:rerun-if-changed=cpp");
    println!("cargo:rerun-if-changed=src/bridge.rs");
    println!("cargo:rerun-if-env-changed=NVCC");
    println!("cargo:rerun-if-env-changed=CUDA_HOME");
    println!("cargo:rerun-if-env-changed=TOKENPICK_CUDA_ARCHS");

    let cuda = env::var_os("CARGO_FEATURE_CUDA").is_some();
    let hip = env::var_os("CARGO_FEATURE_ROCM").is_some();
    let mut bridge = cxx_build::bridge("src/bridge.rs");
    bridge
        .files(CPP_SOURCES)
        .std("c++17")
        // No contraction of a * b + c into fma: every fma of the noise path is written out.
        .flag_if_supported("-ffp-contract=off")
        .flag_if_supported("-Wall");
    if cuda {
        bridge
            .define("TOKENPICK_CUDA", None)
            .files(CUDA_PORT_SOURCES);
    }
    assert!(
        !(cuda && hip),
        "features `cuda` and `rocm` compile the same sources for one GPU runtime: enable one"
    );
    if hip {
        bridge
            .define("TOKENPICK_ROCM", None)
            .files(CUDA_PORT_SOURCES);
    }
    bridge.compile("tokenpick_core_bridge");

    // A lint (clippy) only type-checks the Rust and links nothing: the kernels are compiled by
    // `cargo build` and `cargo test`, not here, which halves a CI run's GPU compiles.
    if lint_only() {
        return;
    }
    if cuda {
        build_cuda();
    }
    if hip {
        let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
        rocm::build(&out_dir);
    }
}

/// True when the build script runs for clippy: cargo then names clippy-driver in
/// `RUSTC_WORKSPACE_WRAPPER`, the wrapper of the workspace's own crates.
fn lint_only() -> bool {
    env::var_os("RUSTC_WORKSPACE_WRAPPER").is_some_and(|wrapper| {
        Path::new(&wrapper)
            .file_stem()
            .is_some_and(|stem| stem.to_string_lossy().starts_with("clippy-driver"))
    })
}

/// Compiles cpp/cuda with nvcc and links cudart statically.
fn build_cuda() {
    let nvcc = find_compiler("nvcc", "NVCC", "CUDA_HOME").unwrap_or_else(|| {
        panic!(
            "feature `cuda` needs nvcc and it was not found (looked at $NVCC, $CUDA_HOME/bin/nvcc \
             and PATH). Install the CUDA toolkit, or from PyPI: `pip install {CUDA_WHEELS}`, then \
             set NVCC=<site-packages>/nvidia/cu13/bin/nvcc"
        )
    });
    let cuda_root = nvcc
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default();

    // cc's CUDA mode runs $NVCC (else `nvcc` from PATH) with the host compiler as -ccbin.
    // SAFETY: the build script is single-threaded; nothing else reads the environment now.
    unsafe { env::set_var("NVCC", &nvcc) };
    let mut build = cc::Build::new();
    build
        .cuda(true)
        .cudart("static")
        .file(CUDA_PROBE)
        .files(GPU_SOURCES)
        // cc passes nvcc `-G` (device debug: no device optimisation, kernels tens of times
        // slower) whenever the profile has debug info, as release does here (debug = 1) and
        // dev and test do by default. The kernels are always built optimised, with line
        // tables for profilers (what the device bench builds, scripts/gpu-bench.sh).
        .debug(false)
        .flag("-lineinfo")
        .flag("-std=c++17")
        .flag("-O3")
        .flag("-fmad=false");
    // The kernels' machine code compressed for size (unpacked once, when the module loads);
    // nvcc before 12.8 has no such option.
    if nvcc_has_option(&nvcc, "--compress-mode") {
        build.flag("--compress-mode=size");
    }
    // TOKENPICK_CUDA_ARCHS (e.g. "sm_90") narrows the machine code, for smaller test binaries
    // carried to one GPU.
    let archs: Vec<String> = match env::var("TOKENPICK_CUDA_ARCHS") {
        Ok(list) if !list.trim().is_empty() => {
            list.split(',').map(|a| a.trim().to_owned()).collect()
        }
        _ => CUDA_ARCHS.iter().map(|a| (*a).to_owned()).collect(),
    };
    for arch in &archs {
        let number = arch.trim_start_matches("sm_");
        build.flag(format!("-gencode=arch=compute_{number},code={arch}"));
    }
    build.compile("tokenpick_cuda");

    for lib in ["lib", "lib64", "lib/x64"] {
        let dir = cuda_root.join(lib);
        if dir.join("libcudart_static.a").exists() {
            println!("cargo:rustc-link-search=native={}", dir.display());
        }
    }
    println!("cargo:rustc-link-lib=static=cudart_static");
    for system in ["dl", "rt", "pthread"] {
        println!("cargo:rustc-link-lib={system}");
    }
}

/// True when `nvcc --help` lists `option`.
fn nvcc_has_option(nvcc: &Path, option: &str) -> bool {
    Command::new(nvcc)
        .arg("--help")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains(option))
}

/// A compiler `name` from the path in `$path_var` (which must exist), else `$root_var/bin`,
/// else PATH.
fn find_compiler(name: &str, path_var: &str, root_var: &str) -> Option<PathBuf> {
    if let Some(path) = env::var_os(path_var).map(PathBuf::from) {
        return path.exists().then_some(path);
    }
    if let Some(root) = env::var_os(root_var) {
        let path = Path::new(&root).join("bin").join(name);
        if path.exists() {
            return Some(path);
        }
    }
    env::var_os("PATH").and_then(|paths| {
        env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.exists())
    })
}
