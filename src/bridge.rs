//! The raw `#[cxx::bridge]` to the C++ layer under `cpp/`. Every kernel entry point is
//! fallible: a C++ throw (refusal, bad input, backend failure) arrives as `Err(cxx::Exception)`.
//! Prefer the safe wrappers at the crate root; this module stays public as `tokenpick_core::ffi`.

#[cxx::bridge(namespace = "tokenpick")]
pub mod ffi {
    /// The GPU backend the kernels dispatch to, resolved once at run time.
    #[repr(u8)]
    #[derive(Debug)]
    enum GpuKernelBackend {
        /// No GPU backend (none compiled in, or no device present).
        None = 0,
        /// Apple Metal.
        Metal = 1,
        /// NVIDIA CUDA.
        Cuda = 2,
        /// AMD ROCm (HIP).
        Rocm = 3,
    }

    /// Element type of an [`Array`].
    #[repr(u8)]
    #[derive(Debug)]
    enum DType {
        /// 32-bit float.
        F32 = 0,
        /// IEEE half.
        F16 = 1,
        /// bfloat16.
        BF16 = 2,
        /// 32-bit unsigned integer (token ids, flags).
        U32 = 3,
    }

    /// Where an [`Array`]'s bytes live.
    #[repr(u8)]
    #[derive(Debug)]
    enum Placement {
        /// Host memory owned by the array.
        Host = 0,
        /// CUDA device memory.
        Cuda = 1,
        /// ROCm device memory.
        Rocm = 2,
        /// Metal buffer.
        Metal = 3,
    }

    /// Where temperature applies relative to the filters (DESIGN section 3).
    #[repr(u8)]
    #[derive(Debug)]
    enum Convention {
        /// Filters on softmax(z / T), draw on softmax(z / T).
        TemperatureFirst = 0,
        /// Filters on softmax(z), draw on softmax(z / T) (llama.cpp, mlxcel).
        TemperatureLast = 1,
    }

    /// One row's sampling parameters as the kernels take them.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct RowParams {
        /// Temperature; 0 is greedy.
        temperature: f32,
        /// Keep the k largest logits (0 or >= vocab: off; 1: greedy).
        top_k: u32,
        /// Nucleus mass in (0, 1]; 1 is off.
        top_p: f32,
        /// Minimum probability relative to the most likely token, in [0, 1]; 0 is off.
        min_p: f32,
        /// Philox key of the row.
        seed: u64,
    }

    unsafe extern "C++" {
        include!("tokenpick-core/cpp/bridge.h");

        /// A `[rows, cols]` buffer on the host or a device.
        type Array;

        /// Copies host bytes into a new host array.
        fn array_from_host(
            dtype: DType,
            bytes: &[u8],
            rows: usize,
            cols: usize,
        ) -> Result<UniquePtr<Array>>;
        /// Wraps a caller's device pointer and stream without copying.
        fn array_wrap_device(
            placement: Placement,
            device_id: i32,
            address: usize,
            stream: usize,
            dtype: DType,
            rows: usize,
            cols: usize,
        ) -> Result<UniquePtr<Array>>;
        /// Copies a host array to a new array on a device (waits for the copy).
        fn array_to_device(
            source: &Array,
            placement: Placement,
            device_id: i32,
        ) -> Result<UniquePtr<Array>>;
        /// Copies any array to a new host array (waits for the array's stream).
        fn array_to_host(source: &Array) -> Result<UniquePtr<Array>>;
        /// Element type.
        fn dtype(self: &Array) -> DType;
        /// Bytes of one element of `dtype` (0 for an unknown one).
        fn dtype_size(dtype: DType) -> usize;
        /// Number of rows.
        fn rows(self: &Array) -> usize;
        /// Number of columns.
        fn cols(self: &Array) -> usize;
        /// Where the bytes live.
        fn placement(self: &Array) -> Placement;
        /// Device ordinal (-1 on the host).
        fn device_id(self: &Array) -> i32;
        /// The stream device work on this array runs on (0: default).
        fn stream(self: &Array) -> usize;
        /// Device address of a device array's first element (0 on the host).
        fn device_address(self: &Array) -> usize;
        /// The bytes of a host array.
        fn host_bytes(self: &Array) -> Result<&[u8]>;
        /// A u32 array copied to the host (waits for its stream on a device).
        fn to_host_u32(self: &Array) -> Result<Vec<u32>>;

        /// The backend resolved at run time.
        fn gpu_kernel_backend() -> GpuKernelBackend;
        /// The name of the device the kernels run on (device 0), or "none".
        fn gpu_device_name() -> String;
        /// True when any kernel has a port for the resolved backend.
        fn custom_kernels_available() -> bool;
        /// True when the Gumbel-max port table has a port for the resolved backend.
        fn gumbel_max_sample_supported() -> bool;
        /// True when the rejection port table has a port for the resolved backend.
        fn fused_sample_rejection_supported() -> bool;
        /// True where a row of `params` over `logits` takes the CUDA / ROCm top-p route.
        fn row_takes_top_p_route(logits: &Array, params: &RowParams, max_rounds: u32) -> bool;

        /// Gumbel-max with one temperature and seed for every row.
        fn gumbel_max_sample(
            logits: &Array,
            temperature: f32,
            seed: u64,
            step: u64,
        ) -> Result<UniquePtr<Array>>;
        /// Gumbel-max with per-row temperature and seed.
        fn gumbel_max_sample_rows(
            logits: &Array,
            params: &[RowParams],
            step: u64,
        ) -> Result<UniquePtr<Array>>;
        /// Filtered sampling with one parameter set for every row; u32 [rows, 2] (token, ok).
        #[allow(clippy::too_many_arguments)]
        fn fused_sample_rejection(
            logits: &Array,
            temperature: f32,
            top_k: u32,
            top_p: f32,
            min_p: f32,
            max_rounds: u32,
            seed: u64,
            step: u64,
        ) -> Result<UniquePtr<Array>>;
        /// Filtered sampling with per-row parameters.
        fn fused_sample_rejection_rows(
            logits: &Array,
            params: &[RowParams],
            step: u64,
            max_rounds: u32,
            convention: Convention,
        ) -> Result<UniquePtr<Array>>;
        /// As `fused_sample_rejection`, enqueued without waiting.
        #[allow(clippy::too_many_arguments)]
        fn fused_sample_rejection_deferred(
            logits: &Array,
            temperature: f32,
            top_k: u32,
            top_p: f32,
            min_p: f32,
            max_rounds: u32,
            seed: u64,
            step: u64,
        ) -> Result<UniquePtr<Array>>;
        /// As `fused_sample_rejection_rows`, enqueued without waiting.
        fn fused_sample_rejection_rows_deferred(
            logits: &Array,
            params: &[RowParams],
            step: u64,
            max_rounds: u32,
            convention: Convention,
        ) -> Result<UniquePtr<Array>>;
        /// The top-p route for every row at any batch, enqueued without waiting.
        fn fused_sample_top_p_route_deferred(
            logits: &Array,
            params: &[RowParams],
            step: u64,
            max_rounds: u32,
            convention: Convention,
        ) -> Result<UniquePtr<Array>>;

        /// Gumbel-max into a caller's u32 `[rows, 1]` device array; enqueued, allocates nothing.
        fn gumbel_max_sample_rows_into(
            logits: &Array,
            params: &[RowParams],
            step: u64,
            tokens: Pin<&mut Array>,
        ) -> Result<()>;
        /// Filtered sampling into a caller's u32 `[rows, 2]` device array; enqueued, allocates
        /// nothing.
        fn fused_sample_rejection_rows_into(
            logits: &Array,
            params: &[RowParams],
            step: u64,
            max_rounds: u32,
            convention: Convention,
            out: Pin<&mut Array>,
        ) -> Result<()>;
        /// A new uninitialised device array on the device and stream of `like`.
        fn array_device_empty(
            like: &Array,
            dtype: DType,
            rows: usize,
            cols: usize,
        ) -> Result<UniquePtr<Array>>;

        /// A new non-blocking CUDA stream on `device`.
        fn cuda_stream_create(device: i32) -> Result<usize>;
        /// Destroys a stream made by `cuda_stream_create`.
        fn cuda_stream_destroy(stream: usize) -> Result<()>;
        /// Waits for the work on a stream.
        fn cuda_stream_synchronize(stream: usize) -> Result<()>;
        /// Starts capturing a stream into a graph (thread-local capture mode).
        fn cuda_graph_begin_capture(stream: usize) -> Result<()>;
        /// Ends the capture; returns the instantiated graph.
        fn cuda_graph_end_capture(stream: usize) -> Result<usize>;
        /// Launches an instantiated graph on a stream.
        fn cuda_graph_launch(graph: usize, stream: usize) -> Result<()>;
        /// Destroys an instantiated graph.
        fn cuda_graph_destroy(graph: usize) -> Result<()>;

        /// The C++ Philox4x32-10 of one counter under one key.
        fn noise_philox4x32_10(counter: &[u32], key: &[u32], out: &mut [u32]) -> Result<()>;
        /// The C++ Gumbel noise of tokens `first_token..first_token + out.len()`.
        fn noise_gumbel(seed: u64, step: u64, first_token: u64, out: &mut [f32]);
        /// The C++ deterministic ln of each input.
        fn noise_det_ln(inputs: &[f32], out: &mut [f32]) -> Result<()>;
    }
}
