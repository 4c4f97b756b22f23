//! The kill switches of DESIGN section 6: `TOKENPICK_SAMPLING_GUMBEL` and
//! `TOKENPICK_SAMPLING_REJECTION`. Unset means on; `0`, `false`, `off`, `no` (any case) mean
//! off. Read once per process.

use std::sync::OnceLock;

/// Environment variable of the Gumbel-max kernel's switch.
pub const GUMBEL_SWITCH: &str = "TOKENPICK_SAMPLING_GUMBEL";
/// Environment variable of the rejection kernel's switch.
pub const REJECTION_SWITCH: &str = "TOKENPICK_SAMPLING_REJECTION";

/// Whether each kernel may be used, as read from the environment at first use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KillSwitches {
    /// The Gumbel-max kernel may run.
    pub gumbel: bool,
    /// The rejection kernel may run.
    pub rejection: bool,
}

/// The process's switches (read on the first call, then fixed).
pub fn kill_switches() -> KillSwitches {
    static SWITCHES: OnceLock<KillSwitches> = OnceLock::new();
    *SWITCHES.get_or_init(|| KillSwitches {
        gumbel: switch_allows(std::env::var(GUMBEL_SWITCH).ok().as_deref()),
        rejection: switch_allows(std::env::var(REJECTION_SWITCH).ok().as_deref()),
    })
}

/// True unless the value is one of the "off" words.
pub fn switch_allows(value: Option<&str>) -> bool {
    match value {
        None => true,
        Some(text) => {
            let word = text.trim().to_ascii_lowercase();
            !matches!(word.as_str(), "0" | "false" | "off" | "no")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::switch_allows;

    #[test]
    fn off_words_in_any_case_turn_a_switch_off() {
        for off in ["0", "false", "FALSE", "Off", "no", "NO", " off "] {
            assert!(!switch_allows(Some(off)), "{off:?}");
        }
        for on in [
            None,
            Some("1"),
            Some("true"),
            Some("on"),
            Some(""),
            Some("yes"),
        ] {
            assert!(switch_allows(on), "{on:?}");
        }
    }
}
