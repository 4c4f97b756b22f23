//! Routing (DESIGN section 6): which path each row takes and why, and the report of it.

use crate::params::RowMode;
use crate::switches::KillSwitches;

/// The path a row took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SamplingPath {
    /// Argmax (temperature 0, top-k 1).
    Greedy,
    /// The Gumbel-max GPU kernel.
    GumbelKernel,
    /// The CPU categorical path (Gumbel-max over the row).
    CategoricalFallback,
    /// The filtered-sampling GPU kernel (the rejection port).
    RejectionKernel,
    /// The CPU argpartition path (top-k selection, top-p / min-p thresholds, draw).
    ArgpartitionFallback,
}

/// Why a row took a CPU fallback instead of a kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FallbackReason {
    /// The logits live on the host: the path follows the data.
    HostLogits,
    /// The kernel's kill switch is off.
    KillSwitch,
    /// The resolved backend has no port of the kernel.
    NoKernelPort,
    /// The rejection kernel hit its round cap for this row.
    RoundCap,
}

/// One row's route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RowRoute {
    /// The path taken.
    pub path: SamplingPath,
    /// Why a fallback was taken (None for kernels and greedy).
    pub reason: Option<FallbackReason>,
}

/// Where the logits of a call live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Residency {
    /// Host memory.
    Host,
    /// Device memory of the resolved backend.
    Device,
}

/// Which kernels the resolved backend has ports for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelSupport {
    /// `gumbel_max_sample_supported()`.
    pub gumbel: bool,
    /// `fused_sample_rejection_supported()`.
    pub rejection: bool,
}

impl KernelSupport {
    /// The core's answer for this process.
    pub fn detect() -> Self {
        KernelSupport {
            gumbel: tokenpick_core::gumbel_max_sample_supported(),
            rejection: tokenpick_core::fused_sample_rejection_supported(),
        }
    }
}

/// The route of one row: greedy rows take argmax; the kill switch comes first, then where the
/// data lives, then whether the kernel has a port.
pub fn route_row(
    mode: RowMode,
    residency: Residency,
    switches: KillSwitches,
    support: KernelSupport,
) -> RowRoute {
    let (kernel, fallback, allowed, supported) = match mode {
        RowMode::Greedy => {
            return RowRoute {
                path: SamplingPath::Greedy,
                reason: None,
            };
        }
        RowMode::Categorical => (
            SamplingPath::GumbelKernel,
            SamplingPath::CategoricalFallback,
            switches.gumbel,
            support.gumbel,
        ),
        RowMode::Filtered => (
            SamplingPath::RejectionKernel,
            SamplingPath::ArgpartitionFallback,
            switches.rejection,
            support.rejection,
        ),
    };
    let reason = if !allowed {
        Some(FallbackReason::KillSwitch)
    } else if residency == Residency::Host {
        Some(FallbackReason::HostLogits)
    } else if !supported {
        Some(FallbackReason::NoKernelPort)
    } else {
        None
    };
    match reason {
        None => RowRoute {
            path: kernel,
            reason: None,
        },
        Some(_) => RowRoute {
            path: fallback,
            reason,
        },
    }
}

/// The routes of the rows of one call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathReport {
    /// One route per row, in batch order.
    pub rows: Vec<RowRoute>,
}

impl PathReport {
    /// Rows that took `path`.
    pub fn count(&self, path: SamplingPath) -> usize {
        self.rows.iter().filter(|r| r.path == path).count()
    }

    /// A one-line summary for logs, e.g. `categorical-fallback x64 (host-logits)`.
    pub fn summary(&self) -> String {
        let mut parts: Vec<(RowRoute, usize)> = Vec::new();
        for route in &self.rows {
            match parts.iter_mut().find(|(r, _)| r == route) {
                Some((_, n)) => *n += 1,
                None => parts.push((*route, 1)),
            }
        }
        parts
            .iter()
            .map(|(route, n)| match route.reason {
                Some(reason) => format!("{} x{n} ({})", path_name(route.path), reason_name(reason)),
                None => format!("{} x{n}", path_name(route.path)),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A path's short name.
pub fn path_name(path: SamplingPath) -> &'static str {
    match path {
        SamplingPath::Greedy => "greedy",
        SamplingPath::GumbelKernel => "gumbel-kernel",
        SamplingPath::CategoricalFallback => "categorical-fallback",
        SamplingPath::RejectionKernel => "rejection-kernel",
        SamplingPath::ArgpartitionFallback => "argpartition-fallback",
    }
}

fn reason_name(reason: FallbackReason) -> &'static str {
    match reason {
        FallbackReason::HostLogits => "host-logits",
        FallbackReason::KillSwitch => "kill-switch",
        FallbackReason::NoKernelPort => "no-kernel-port",
        FallbackReason::RoundCap => "round-cap",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ON: KillSwitches = KillSwitches {
        gumbel: true,
        rejection: true,
    };
    const BOTH: KernelSupport = KernelSupport {
        gumbel: true,
        rejection: true,
    };

    #[test]
    fn kernels_where_allowed_supported_and_on_device() {
        let route = route_row(RowMode::Categorical, Residency::Device, ON, BOTH);
        assert_eq!(
            route,
            RowRoute {
                path: SamplingPath::GumbelKernel,
                reason: None
            }
        );
        let route = route_row(RowMode::Filtered, Residency::Device, ON, BOTH);
        assert_eq!(route.path, SamplingPath::RejectionKernel);
    }

    #[test]
    fn fallbacks_name_their_reason() {
        let off = KillSwitches {
            gumbel: false,
            rejection: true,
        };
        let none = KernelSupport {
            gumbel: false,
            rejection: false,
        };
        assert_eq!(
            route_row(RowMode::Categorical, Residency::Device, off, BOTH).reason,
            Some(FallbackReason::KillSwitch)
        );
        assert_eq!(
            route_row(RowMode::Filtered, Residency::Host, ON, BOTH).reason,
            Some(FallbackReason::HostLogits)
        );
        let route = route_row(RowMode::Filtered, Residency::Device, ON, none);
        assert_eq!(route.path, SamplingPath::ArgpartitionFallback);
        assert_eq!(route.reason, Some(FallbackReason::NoKernelPort));
        assert_eq!(
            route_row(RowMode::Greedy, Residency::Device, ON, BOTH).path,
            SamplingPath::Greedy
        );
    }

    #[test]
    fn summary_groups_rows() {
        let report = PathReport {
            rows: vec![
                route_row(RowMode::Greedy, Residency::Host, ON, BOTH),
                route_row(RowMode::Categorical, Residency::Host, ON, BOTH),
                route_row(RowMode::Categorical, Residency::Host, ON, BOTH),
            ],
        };
        assert_eq!(
            report.summary(),
            "greedy x1, categorical-fallback x2 (host-logits)"
        );
        assert_eq!(report.count(SamplingPath::CategoricalFallback), 2);
    }
}
