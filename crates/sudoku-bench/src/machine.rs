//! What machine the numbers come from: numbers quoted without it mean little.

/// The CPU's model name from `/proc/cpuinfo` (Linux), or the architecture name elsewhere.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| model_name(&info))
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

fn model_name(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string())
    })
}

/// The number of logical CPUs the process may use.
pub fn logical_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The vector instruction sets this CPU offers (detected at run time), widest first. This says
/// what the machine can do, not which path a solver chose.
pub fn cpu_features() -> Vec<&'static str> {
    let mut found = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512bw") {
            found.push("avx512bw");
        }
        if std::arch::is_x86_feature_detected!("avx512vl") {
            found.push("avx512vl");
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            found.push("avx2");
        }
        if std::arch::is_x86_feature_detected!("sse4.1") {
            found.push("sse4.1");
        }
        if std::arch::is_x86_feature_detected!("ssse3") {
            found.push("ssse3");
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        if std::arch::is_aarch64_feature_detected!("neon") {
            found.push("neon");
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_first_model_name() {
        let info = "processor\t: 0\nmodel name\t: Example CPU @ 2.50GHz\n\nprocessor\t: 1\nmodel name\t: Other\n";
        assert_eq!(model_name(info).as_deref(), Some("Example CPU @ 2.50GHz"));
        assert_eq!(model_name("processor : 0\n"), None);
    }
}
