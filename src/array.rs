//! [`Array`]: the safe owner of a C++ `tokenpick::Array`, a `[rows, cols]` buffer of logits
//! (f32, f16, bf16) or token ids (u32) on the host or on a device.

use cxx::UniquePtr;
use half::{bf16, f16};

use crate::bridge::ffi;
pub use crate::bridge::ffi::{DType, Placement};
use crate::error::Error;

/// Entry name used in array errors.
const ARRAY_ENTRY: &str = "array";

/// A `[rows, cols]` buffer on the host or a device.
pub struct Array {
    inner: UniquePtr<ffi::Array>,
}

// SAFETY: the C++ Array has no thread affinity: host arrays own plain bytes, device arrays a
// pointer and stream handle that the runtimes allow to be used from any thread.
unsafe impl Send for Array {}
// SAFETY: every method reachable through `&Array` only reads.
unsafe impl Sync for Array {}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Array")
            .field("dtype", &self.dtype())
            .field("rows", &self.rows())
            .field("cols", &self.cols())
            .field("placement", &self.placement())
            .finish()
    }
}

impl Array {
    /// Copies `rows * cols` f32 values from the host.
    pub fn from_host_f32(data: &[f32], rows: usize, cols: usize) -> Result<Self, Error> {
        Self::from_host_words(DType::F32, data, rows, cols, |x| x.to_le_bytes())
    }

    /// Copies `rows * cols` IEEE halves from the host.
    pub fn from_host_f16(data: &[f16], rows: usize, cols: usize) -> Result<Self, Error> {
        Self::from_host_words(DType::F16, data, rows, cols, |x| x.to_le_bytes())
    }

    /// Copies `rows * cols` bfloat16 values from the host.
    pub fn from_host_bf16(data: &[bf16], rows: usize, cols: usize) -> Result<Self, Error> {
        Self::from_host_words(DType::BF16, data, rows, cols, |x| x.to_le_bytes())
    }

    /// Copies `rows * cols` u32 values from the host.
    pub fn from_host_u32(data: &[u32], rows: usize, cols: usize) -> Result<Self, Error> {
        Self::from_host_words(DType::U32, data, rows, cols, |x| x.to_le_bytes())
    }

    fn from_host_words<T: Copy, const B: usize>(
        dtype: DType,
        data: &[T],
        rows: usize,
        cols: usize,
        to_bytes: impl Fn(T) -> [u8; B],
    ) -> Result<Self, Error> {
        let expected = rows.checked_mul(cols).ok_or_else(|| {
            Error::invalid(ARRAY_ENTRY, "shape", format!("[{rows}, {cols}] overflows"))
        })?;
        if data.len() != expected {
            return Err(Error::invalid(
                ARRAY_ENTRY,
                "data",
                format!(
                    "holds {} values, shape [{rows}, {cols}] needs {expected}",
                    data.len()
                ),
            ));
        }
        let bytes: Vec<u8> = data.iter().flat_map(|&x| to_bytes(x)).collect();
        let inner = ffi::array_from_host(dtype, &bytes, rows, cols)?;
        Ok(Array { inner })
    }

    /// Wraps a caller's device buffer and stream without copying.
    ///
    /// # Safety
    /// `address` must point to `rows * cols` elements of `dtype` on device `device_id` of
    /// `placement`'s backend, valid and not written by anyone else for as long as this
    /// `Array` (and any call using it) lives; `stream` must be a stream handle of that backend
    /// (0 for the default stream) that outlives the array.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn from_device_ptr(
        placement: Placement,
        device_id: i32,
        address: usize,
        stream: usize,
        dtype: DType,
        rows: usize,
        cols: usize,
    ) -> Result<Self, Error> {
        let inner =
            ffi::array_wrap_device(placement, device_id, address, stream, dtype, rows, cols)?;
        Ok(Array { inner })
    }

    pub(crate) fn from_ffi(inner: UniquePtr<ffi::Array>) -> Result<Self, Error> {
        if inner.is_null() {
            return Err(Error::BackendFailure {
                entry: ARRAY_ENTRY.into(),
                reason: "the C++ layer returned no array".into(),
            });
        }
        Ok(Array { inner })
    }

    /// The C++ array, for the raw bridge.
    pub fn as_ffi(&self) -> &ffi::Array {
        // A null pointer is never stored: the constructors above reject it.
        self.inner
            .as_ref()
            .expect("Array never holds a null pointer")
    }

    /// The C++ array, mutable, for the raw bridge's output arguments.
    pub fn as_ffi_mut(&mut self) -> std::pin::Pin<&mut ffi::Array> {
        self.inner.pin_mut()
    }

    /// A new uninitialised device array of `dtype` on the device and stream of `like`
    /// (stream-ordered: usable by work enqueued after this call on that stream).
    pub fn device_empty(
        like: &Array,
        dtype: DType,
        rows: usize,
        cols: usize,
    ) -> Result<Self, Error> {
        Array::from_ffi(ffi::array_device_empty(like.as_ffi(), dtype, rows, cols)?)
    }

    /// Element type.
    pub fn dtype(&self) -> DType {
        self.as_ffi().dtype()
    }
    /// Number of rows (the batch).
    pub fn rows(&self) -> usize {
        self.as_ffi().rows()
    }
    /// Number of columns (the vocabulary).
    pub fn cols(&self) -> usize {
        self.as_ffi().cols()
    }
    /// Where the bytes live.
    pub fn placement(&self) -> Placement {
        self.as_ffi().placement()
    }
    /// True for host arrays.
    pub fn is_host(&self) -> bool {
        self.placement() == Placement::Host
    }
    /// Device ordinal (-1 on the host).
    pub fn device_id(&self) -> i32 {
        self.as_ffi().device_id()
    }
    /// Stream handle device work on this array runs on (0: the default stream).
    pub fn stream(&self) -> usize {
        self.as_ffi().stream()
    }

    /// A copy of this host array on a device (`Placement::Cuda`, device 0, ...). Refuses with
    /// [`Error::NoKernelPort`] where the placement's backend is not compiled in.
    pub fn to_device(&self, placement: Placement, device_id: i32) -> Result<Array, Error> {
        Array::from_ffi(ffi::array_to_device(self.as_ffi(), placement, device_id)?)
    }

    /// A copy of this array on the host (waits for the array's stream on a device).
    pub fn to_host(&self) -> Result<Array, Error> {
        Array::from_ffi(ffi::array_to_host(self.as_ffi())?)
    }

    /// True for CUDA and ROCm arrays: those whose rows `with_rows` lends without a copy.
    pub fn lends_rows(&self) -> bool {
        matches!(self.placement(), Placement::Cuda | Placement::Rocm)
    }

    /// Lends `f` rows `[first, first + count)` of a CUDA or ROCm array as an array over the
    /// same bytes and stream, without copying (a kernel call or a host copy of a few rows).
    /// Refuses host and Metal arrays and rows outside the array.
    pub fn with_rows<R>(
        &self,
        first: usize,
        count: usize,
        f: impl FnOnce(&Array) -> R,
    ) -> Result<R, Error> {
        let placement = self.placement();
        if !self.lends_rows() {
            return Err(Error::invalid(
                ARRAY_ENTRY,
                "placement",
                format!("row views need a CUDA or ROCm array, this one is {placement:?}"),
            ));
        }
        if count == 0 || first.checked_add(count).is_none_or(|end| end > self.rows()) {
            return Err(Error::invalid(
                ARRAY_ENTRY,
                "rows",
                format!(
                    "rows [{first}, +{count}) of an array of {} rows",
                    self.rows()
                ),
            ));
        }
        let address = self.device_address() + first * self.cols() * ffi::dtype_size(self.dtype());
        // SAFETY: the view lies inside this array's device buffer (bounds checked above), which
        // outlives the view (dropped before this returns); the view does not own or free it and
        // runs on the same stream, so its work is ordered with the array's.
        let view = unsafe {
            Array::from_device_ptr(
                placement,
                self.device_id(),
                address,
                self.stream(),
                self.dtype(),
                count,
                self.cols(),
            )
        }?;
        Ok(f(&view))
    }

    /// Device address of a device array's first element (0 for host arrays).
    pub fn device_address(&self) -> usize {
        self.as_ffi().device_address()
    }

    /// The raw little-endian bytes of a host array.
    pub fn host_bytes(&self) -> Result<&[u8], Error> {
        Ok(self.as_ffi().host_bytes()?)
    }

    /// The values of a host logits array widened to f32, row-major.
    pub fn host_to_f32(&self) -> Result<Vec<f32>, Error> {
        let bytes = self.host_bytes()?;
        let values = match self.dtype() {
            DType::F32 => bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
            DType::F16 => bytes
                .chunks_exact(2)
                .map(|b| f16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect(),
            DType::BF16 => bytes
                .chunks_exact(2)
                .map(|b| bf16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect(),
            other => {
                return Err(Error::invalid(
                    ARRAY_ENTRY,
                    "array",
                    format!("host_to_f32() needs f32, f16 or bf16, this one is {other:?}"),
                ));
            }
        };
        Ok(values)
    }

    /// A u32 array copied to the host (waits for the array's stream on a device).
    pub fn to_host_u32(&self) -> Result<Vec<u32>, Error> {
        Ok(self.as_ffi().to_host_u32()?)
    }
}
