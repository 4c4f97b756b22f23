//! CUDA streams and graphs: enough to run the allocation-free `_into` entry points on a stream
//! of one's own and to capture them in a CUDA graph. Without the `cuda` feature every call
//! returns [`Error::BackendFailure`].

use crate::bridge::ffi;
use crate::error::Error;

/// A non-blocking CUDA stream; dropping it waits for its work, then destroys it.
#[derive(Debug)]
pub struct CudaStream {
    handle: usize,
}

impl CudaStream {
    /// A new stream on `device`.
    pub fn new(device: i32) -> Result<Self, Error> {
        Ok(CudaStream {
            handle: ffi::cuda_stream_create(device)?,
        })
    }

    /// The raw `cudaStream_t`, for [`crate::Array::from_device_ptr`].
    pub fn handle(&self) -> usize {
        self.handle
    }

    /// Waits for the work enqueued on the stream.
    pub fn synchronize(&self) -> Result<(), Error> {
        Ok(ffi::cuda_stream_synchronize(self.handle)?)
    }

    /// Records the work `enqueue` puts on this stream into a graph instead of running it.
    /// The capture is thread-local: other threads' CUDA calls are not affected.
    pub fn capture(&self, enqueue: impl FnOnce() -> Result<(), Error>) -> Result<CudaGraph, Error> {
        ffi::cuda_graph_begin_capture(self.handle)?;
        let enqueued = enqueue();
        // End the capture whatever happened, so the stream is usable again.
        let ended = ffi::cuda_graph_end_capture(self.handle);
        enqueued?;
        Ok(CudaGraph { handle: ended? })
    }
}

impl Drop for CudaStream {
    fn drop(&mut self) {
        // A failure here has no caller to report to; the handle is gone either way.
        let _ = ffi::cuda_stream_destroy(self.handle);
    }
}

/// An instantiated CUDA graph, destroyed on drop.
#[derive(Debug)]
pub struct CudaGraph {
    handle: usize,
}

impl CudaGraph {
    /// Enqueues one replay of the graph on `stream`.
    pub fn launch(&self, stream: &CudaStream) -> Result<(), Error> {
        Ok(ffi::cuda_graph_launch(self.handle, stream.handle)?)
    }
}

impl Drop for CudaGraph {
    fn drop(&mut self) {
        // As for streams: nothing to report to.
        let _ = ffi::cuda_graph_destroy(self.handle);
    }
}
