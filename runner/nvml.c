#include "runner/nvml.h"

#include <dlfcn.h>
#include <string.h>

typedef int nvml_return;
typedef void *nvml_device;

enum { NVML_SUCCESS = 0, NVML_CLOCK_SM = 1, NVML_TEMPERATURE_GPU = 0 };

static struct {
    void *lib;
    nvml_device dev;
    nvml_return (*shutdown)(void);
    nvml_return (*clock)(nvml_device, int, unsigned *);
    nvml_return (*max_clock)(nvml_device, int, unsigned *);
    nvml_return (*temperature)(nvml_device, int, unsigned *);
    nvml_return (*reasons)(nvml_device, unsigned long long *);
    nvml_return (*driver)(char *, unsigned);
} nv;

static const struct {
    unsigned long long bit;
    const char *name;
} reason_names[] = {
    {0x1ull, "gpu_idle"},           {0x2ull, "applications_clocks_setting"},
    {0x4ull, "sw_power_cap"},       {0x8ull, "hw_slowdown"},
    {0x10ull, "sync_boost"},        {0x20ull, "sw_thermal_slowdown"},
    {0x40ull, "hw_thermal_slowdown"}, {0x80ull, "hw_power_brake_slowdown"},
    {0x100ull, "display_clock_setting"},
};

static void *sym(const char *name) { return dlsym(nv.lib, name); }

bool nvml_open(const char *pci_bus_id)
{
    nvml_return (*init)(void);
    nvml_return (*by_pci)(const char *, nvml_device *);
    if (nv.lib)
        return nv.dev != NULL;
    nv.lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!nv.lib)
        return false;
    *(void **)&init = sym("nvmlInit_v2");
    *(void **)&by_pci = sym("nvmlDeviceGetHandleByPciBusId_v2");
    *(void **)&nv.shutdown = sym("nvmlShutdown");
    *(void **)&nv.clock = sym("nvmlDeviceGetClockInfo");
    *(void **)&nv.max_clock = sym("nvmlDeviceGetMaxClockInfo");
    *(void **)&nv.temperature = sym("nvmlDeviceGetTemperature");
    *(void **)&nv.reasons = sym("nvmlDeviceGetCurrentClocksEventReasons");
    if (!nv.reasons)
        *(void **)&nv.reasons = sym("nvmlDeviceGetCurrentClocksThrottleReasons");
    *(void **)&nv.driver = sym("nvmlSystemGetDriverVersion");
    if (!init || !by_pci || init() != NVML_SUCCESS || by_pci(pci_bus_id, &nv.dev) != NVML_SUCCESS)
        nv.dev = NULL;
    return nv.dev != NULL;
}

void nvml_close(void)
{
    if (nv.dev && nv.shutdown)
        nv.shutdown();
    if (nv.lib)
        dlclose(nv.lib);
    memset(&nv, 0, sizeof nv);
}

struct nvml_sample nvml_sample_now(void)
{
    struct nvml_sample s = {-1, -1, 0};
    unsigned v;
    if (!nv.dev)
        return s;
    if (nv.clock && nv.clock(nv.dev, NVML_CLOCK_SM, &v) == NVML_SUCCESS)
        s.sm_clock_mhz = (int)v;
    if (nv.temperature && nv.temperature(nv.dev, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS)
        s.temp_c = (int)v;
    if (nv.reasons && nv.reasons(nv.dev, &s.throttle) != NVML_SUCCESS)
        s.throttle = 0;
    return s;
}

int nvml_max_sm_clock(void)
{
    unsigned v;
    if (nv.dev && nv.max_clock && nv.max_clock(nv.dev, NVML_CLOCK_SM, &v) == NVML_SUCCESS)
        return (int)v;
    return -1;
}

bool nvml_driver_version(char *out, size_t cap)
{
    return nv.dev && nv.driver && nv.driver(out, (unsigned)cap) == NVML_SUCCESS;
}

bool nvml_is_slowdown(unsigned long long bits) { return (bits & (0x8ull | 0x20ull | 0x40ull | 0x80ull)) != 0; }

void nvml_throttle_names(unsigned long long bits, void (*add)(const char *name, void *ctx),
                         void *ctx)
{
    for (size_t i = 0; i < sizeof reason_names / sizeof reason_names[0]; ++i)
        if (bits & reason_names[i].bit)
            add(reason_names[i].name, ctx);
}
