// dispatch_oracle_rt.cpp: the CUDA runtime calls that level 6's launch makes, answered on
// the host for dispatch_oracle.cu (see there): launches recorded, not run.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace {

struct fn {
    const void *host;
    char name[512];
    int regs, smem_static;
};
fn fns[4096];
int n_fns;
int sms = 132;

fn *fn_of(const void *host)
{
    for (int i = 0; i < n_fns; ++i)
        if (fns[i].host == host)
            return &fns[i];
    return nullptr;
}

// ptxas -v: "Compiling entry function 'NAME' for 'sm_90'" then "Used R registers, ... S bytes
// smem". Registers and static shared memory by mangled name.
void read_ptxas(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "oracle: cannot read ORACLE_PTXAS %s\n", path ? path : "(unset)");
        exit(2);
    }
    char line[2048], cur[512] = "";
    while (fgets(line, sizeof line, f)) {
        char *q = strstr(line, "Compiling entry function '");
        if (q) {
            sscanf(q + strlen("Compiling entry function '"), "%511[^']", cur);
            continue;
        }
        int regs = 0;
        if ((q = strstr(line, "Used ")) && sscanf(q, "Used %d registers", &regs) == 1 && cur[0]) {
            int smem = 0;
            char *s = strstr(line, "bytes smem");
            if (s) {
                while (s > line && s[-1] == ' ')
                    --s;
                while (s > line && s[-1] >= '0' && s[-1] <= '9')
                    --s;
                smem = atoi(s);
            }
            for (int i = 0; i < n_fns; ++i)
                if (strcmp(fns[i].name, cur) == 0)
                    fns[i].regs = regs, fns[i].smem_static = smem;
            cur[0] = '\0';
        }
    }
    fclose(f);
}

// sm_90's occupancy: 64K registers (allocated per warp in units of 256), 228 KB of shared
// memory (1 KB reserved a CTA), 64 warps, 32 CTAs an SM.
int occupancy(const fn *k, int threads, size_t smem)
{
    const int warps = (threads + 31) / 32;
    const int per_warp = (k->regs * 32 + 255) / 256 * 256;
    const int by_regs = per_warp ? 65536 / per_warp / warps : 32;
    const int by_smem = (int)(233472 / (smem + k->smem_static + 1024));
    const int by_warps = 64 / warps;
    int r = by_regs < by_smem ? by_regs : by_smem;
    r = r < by_warps ? r : by_warps;
    return r < 32 ? r : 32;
}

char out[8192];
dim3 pending_grid, pending_block;
size_t pending_smem;

void record(const void *func, dim3 g, dim3 b, size_t smem, bool pdl)
{
    const fn *k = fn_of(func);
    snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s %ux%ux%u %ux%ux%u %zu%s",
             out[0] ? " | " : "", k ? k->name : "?", g.x, g.y, g.z, b.x, b.y, b.z, smem,
             pdl ? " pdl" : "");
}

} // namespace

extern "C" {
void oracle_start(const char *ptxas, int n)
{
    sms = n;
    read_ptxas(ptxas);
}
const char *oracle_launches(void) { return out; }
void oracle_reset(void) { out[0] = '\0'; }

void **__cudaRegisterFatBinary(void *) { static void *h; return &h; }
void __cudaRegisterFatBinaryEnd(void **) {}
void __cudaUnregisterFatBinary(void **) {}
void __cudaRegisterFunction(void **, const char *host, char *, const char *name, int, uint3 *,
                            uint3 *, dim3 *, dim3 *, int *)
{
    if (n_fns < (int)(sizeof fns / sizeof fns[0])) {
        fns[n_fns].host = host;
        snprintf(fns[n_fns].name, sizeof fns[n_fns].name, "%s", name);
        n_fns++;
    }
}
void __cudaRegisterVar(void **, char *, char *, const char *, int, size_t, int, int) {}
void __cudaRegisterManagedVar(void **, void **, char *, const char *, int, size_t, int, int) {}
char __cudaInitModule(void **) { return 0; }
unsigned __cudaPushCallConfiguration(dim3 g, dim3 b, size_t smem, void *)
{
    pending_grid = g, pending_block = b, pending_smem = smem;
    return 0;
}
cudaError_t __cudaPopCallConfiguration(dim3 *g, dim3 *b, size_t *smem, void *s)
{
    *g = pending_grid, *b = pending_block, *smem = pending_smem;
    *(cudaStream_t *)s = 0;
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaLaunchKernel(const void *func, dim3 g, dim3 b, void **, size_t smem, cudaStream_t)
{
    record(func, g, b, smem, false);
    return cudaSuccess;
}
// CUDA 13's launch stubs: the kernel handle is the host function's address here.
cudaError_t CUDARTAPI __cudaGetKernel(cudaKernel_t *k, const void *func)
{
    *k = (cudaKernel_t)func;
    return cudaSuccess;
}
cudaError_t CUDARTAPI __cudaLaunchKernel(cudaKernel_t k, dim3 g, dim3 b, void **, size_t smem, cudaStream_t)
{
    record((const void *)k, g, b, smem, false);
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaLaunchKernelExC(const cudaLaunchConfig_t *c, const void *func, void **)
{
    record(func, c->gridDim, c->blockDim, c->dynamicSmemBytes, c->numAttrs > 0);
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
cudaError_t CUDARTAPI cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int)
{
    *v = a == cudaDevAttrMultiProcessorCount ? sms : 0;
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaFuncSetAttribute(const void *, cudaFuncAttribute, int) { return cudaSuccess; }
cudaError_t CUDARTAPI cudaGetLastError(void) { return cudaSuccess; }
cudaError_t CUDARTAPI cudaPeekAtLastError(void) { return cudaSuccess; }
cudaError_t CUDARTAPI cudaMemsetAsync(void *, int, size_t bytes, cudaStream_t)
{
    snprintf(out + strlen(out), sizeof out - strlen(out), "%smemset %zu", out[0] ? " | " : "", bytes);
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *func,
                                                                    int threads, size_t smem)
{
    const fn *k = fn_of(func);
    *n = k ? occupancy(k, threads, smem) : 1;
    return cudaSuccess;
}
cudaError_t CUDARTAPI cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *func,
                                                                             int threads, size_t smem,
                                                                             unsigned)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, func, threads, smem);
}
}

