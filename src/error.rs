//! The core's typed errors. The C++ layer reports every failure as an exception whose message
//! starts with `[entry]`; [`Error::from_exception`] turns it into one of these variants.

use crate::bridge::ffi::GpuKernelBackend;

/// The message fragment every refusal carries (DESIGN section 2).
const REFUSAL_MARK: &str = "no custom kernel port for this GPU backend";
/// The fragment of an invalid-argument message, followed by the argument in backticks.
const INVALID_MARK: &str = "invalid argument `";
/// The fragment of a backend-failure message.
const BACKEND_MARK: &str = "backend failure: ";

/// Everything a core call can fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The resolved backend has no port of this kernel; the caller takes the fallback.
    #[error("{message}")]
    NoKernelPort {
        /// The refusing entry point, e.g. `gumbel_max_sample`.
        entry: String,
        /// The backend that was resolved when the call refused.
        backend: GpuKernelBackend,
        /// The C++ message, exactly as DESIGN section 2 gives it.
        message: String,
    },
    /// An argument was out of its domain; nothing was launched.
    #[error("[{entry}] invalid argument `{argument}`: {reason}")]
    InvalidArgument {
        /// The entry point (or `array` for array construction).
        entry: String,
        /// The argument's name, e.g. `temperature` or `logits`.
        argument: String,
        /// What was wrong, naming the row where there is one.
        reason: String,
    },
    /// The backend failed (allocation, copy, launch).
    #[error("[{entry}] backend failure: {reason}")]
    BackendFailure {
        /// The entry point.
        entry: String,
        /// The backend's own words.
        reason: String,
    },
}

impl Error {
    /// Classifies a C++ exception message of the shape `[entry] ...`.
    pub fn from_exception(exception: &cxx::Exception) -> Self {
        Self::from_message(exception.what())
    }

    /// Classifies a C++ error message (see the module docs).
    pub fn from_message(message: &str) -> Self {
        let (entry, rest) = split_entry(message);
        if rest.starts_with(REFUSAL_MARK) {
            return Error::NoKernelPort {
                entry: entry.to_owned(),
                backend: crate::backend::gpu_kernel_backend(),
                message: message.to_owned(),
            };
        }
        if let Some(tail) = rest.strip_prefix(INVALID_MARK)
            && let Some((argument, reason)) = tail.split_once("`: ")
        {
            return Error::InvalidArgument {
                entry: entry.to_owned(),
                argument: argument.to_owned(),
                reason: reason.to_owned(),
            };
        }
        Error::BackendFailure {
            entry: entry.to_owned(),
            reason: rest.strip_prefix(BACKEND_MARK).unwrap_or(rest).to_owned(),
        }
    }

    /// An invalid-argument error raised on the Rust side of the bridge.
    pub fn invalid(entry: &str, argument: &str, reason: impl Into<String>) -> Self {
        Error::InvalidArgument {
            entry: entry.to_owned(),
            argument: argument.to_owned(),
            reason: reason.into(),
        }
    }

    /// True for the refusal of a kernel without a port.
    pub fn is_no_kernel_port(&self) -> bool {
        matches!(self, Error::NoKernelPort { .. })
    }
}

impl From<cxx::Exception> for Error {
    fn from(exception: cxx::Exception) -> Self {
        Error::from_exception(&exception)
    }
}

/// Splits `[entry] rest` into its parts; a message without the prefix has an unknown entry.
fn split_entry(message: &str) -> (&str, &str) {
    message
        .strip_prefix('[')
        .and_then(|tail| tail.split_once("] "))
        .unwrap_or(("unknown", message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusal_message_is_classified_with_its_entry() {
        let text = "[gumbel_max_sample] no custom kernel port for this GPU backend; callers take the categorical fallback instead";
        match Error::from_message(text) {
            Error::NoKernelPort { entry, message, .. } => {
                assert_eq!(entry, "gumbel_max_sample");
                assert_eq!(message, text);
            }
            other => panic!("expected NoKernelPort, got {other:?}"),
        }
    }

    #[test]
    fn invalid_argument_names_the_argument() {
        let error = Error::from_message(
            "[fused_sample_rejection] invalid argument `top_p`: row 2: must lie in (0, 1], got 1.5",
        );
        assert_eq!(
            error,
            Error::InvalidArgument {
                entry: "fused_sample_rejection".into(),
                argument: "top_p".into(),
                reason: "row 2: must lie in (0, 1], got 1.5".into(),
            }
        );
    }

    #[test]
    fn other_messages_are_backend_failures() {
        let error = Error::from_message("[gumbel_max_sample] backend failure: out of memory");
        assert_eq!(
            error,
            Error::BackendFailure {
                entry: "gumbel_max_sample".into(),
                reason: "out of memory".into()
            }
        );
        let bare = Error::from_message("std::bad_alloc");
        assert!(matches!(bare, Error::BackendFailure { entry, .. } if entry == "unknown"));
    }
}
