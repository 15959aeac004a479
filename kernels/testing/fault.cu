// fault.cu: kernels that misbehave on purpose, linked only into //kernels/testing's sweep,
// to prove that one bad level cannot take the run down:
//   testing_fault  writes far outside C: an illegal-address fault (a sticky CUDA error),
//   testing_hang   spins until the watchdog kills its process,
//   testing_wrong  runs cleanly but drops the last k term: a wrong C that only the
//                  verifier can catch (an off-by-one in the k loop),
//   testing_memory_wrong  a transpose that swaps the last two input rows when rows is odd
//                  (a tile-edge bug): only the exact check catches it.
#include "kernels/common.cuh"

static __global__ void fault_kernel(float *c, size_t far)
{
    c[far + threadIdx.x] = 1.0f; // far past the allocation: cudaErrorIllegalAddress
}

static __global__ void hang_kernel(volatile int *flag)
{
    while (*flag != 0x5eed) { // C never holds this bit pattern: spin forever
    }
}

static __global__ void wrong_kernel(int m, int n, int k, float alpha, const float *a, int lda,
                                    const float *b, int ldb, float beta, float *c, int ldc)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float acc = 0.0f;
    for (int p = 0; p < k - 1; ++p) // the bug: k - 1 terms
        acc += a[(size_t)row * lda + p] * b[(size_t)p * ldb + col];
    float *out = c + (size_t)row * ldc + col;
    *out = axpby(alpha, acc, beta, out);
}

static cudaError_t launch_wrong(const struct sgemm_args *g, cudaStream_t stream)
{
    const dim3 block(32, 8);
    const dim3 grid(ceil_div(g->n, 32), ceil_div(g->m, 8));
    wrong_kernel<<<grid, block, 0, stream>>>(g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b,
                                             g->ldb, g->beta, g->c, g->ldc);
    return cudaGetLastError();
}

static cudaError_t launch_fault(const struct sgemm_args *g, cudaStream_t stream)
{
    fault_kernel<<<1, 32, 0, stream>>>(g->c, (size_t)1 << 40);
    return cudaGetLastError();
}

static cudaError_t launch_hang(const struct sgemm_args *g, cudaStream_t stream)
{
    hang_kernel<<<1, 1, 0, stream>>>((volatile int *)g->c);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(testing_fault,
                      .name = "testing_fault",
                      .level = 90,
                      .technique = "TEST ONLY: illegal address",
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch_fault,
                      .main_kernel = (const void *)fault_kernel);

SGEMM_REGISTER_KERNEL(testing_hang,
                      .name = "testing_hang",
                      .level = 91,
                      .technique = "TEST ONLY: never returns",
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch_hang,
                      .main_kernel = (const void *)hang_kernel);

SGEMM_REGISTER_KERNEL(testing_wrong,
                      .name = "testing_wrong",
                      .level = 92,
                      .technique = "TEST ONLY: drops the last k term",
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch_wrong,
                      .main_kernel = (const void *)wrong_kernel);

// A transpose with a bug at the matrix's edge: for odd rows, the last two input rows are
// swapped. Square power-of-two shapes are right; odd ones are wrong.
static __global__ void memory_wrong_kernel(const float *in, float *out, int rows, int cols)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col >= cols)
        return;
    const int src = (rows % 2 == 1 && rows > 1 && row >= rows - 2) ? (2 * rows - 3 - row) : row;
    out[(size_t)col * rows + row] = in[(size_t)src * cols + col];
}

static cudaError_t launch_memory_wrong(const struct memory_args *a, cudaStream_t stream)
{
    const dim3 block(32, 8);
    const dim3 grid(ceil_div(a->cols, 32), ceil_div(a->rows, 8));
    memory_wrong_kernel<<<grid, block, 0, stream>>>(a->in, a->out, a->rows, a->cols);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(testing_memory_wrong,
                      .name = "testing_memory_wrong",
                      .family = FAMILY_MEMORY,
                      .level = 93,
                      .technique = "TEST ONLY: a transpose that swaps the last two rows when rows is odd",
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_TRANSPOSE,
                      .launch_memory = launch_memory_wrong,
                      .main_kernel = (const void *)memory_wrong_kernel);
