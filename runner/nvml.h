/* nvml.h: the few NVML calls the runner needs, loaded at run time with dlopen (no NVML
 * header ships with the toolkit here, and a GPU machine without NVML must still run).
 * Every function is safe to call when NVML is missing: it then reports "unknown". */
#ifndef SGEMM_BENCH_RUNNER_NVML_H
#define SGEMM_BENCH_RUNNER_NVML_H

#include <stdbool.h>
#include <stddef.h>

struct nvml_sample {
    int sm_clock_mhz;                /* -1 unknown */
    int temp_c;                      /* -1 unknown */
    unsigned long long throttle;     /* NVML clocks-event reason bits; 0 unknown or none */
};

/* Loads libnvidia-ml.so.1 and finds the device with PCI bus id `pci_bus_id`
 * ("0000:01:00.0"). Returns true when NVML is usable. */
bool nvml_open(const char *pci_bus_id);
void nvml_close(void);

/* Current SM clock, temperature and throttle reasons. */
struct nvml_sample nvml_sample_now(void);

/* Max SM clock in MHz, or -1. */
int nvml_max_sm_clock(void);

/* Driver version ("580.159.04") into out[cap]; returns false when unknown. */
bool nvml_driver_version(char *out, size_t cap);

/* True when `bits` hold a reason that slows the clocks below what the workload asks
 * (hardware slowdown, thermal slowdown, power brake): samples taken then are discarded.
 * A software power cap is normal under full SGEMM load and is only recorded. */
bool nvml_is_slowdown(unsigned long long bits);

/* Names of the set bits, for conditions.throttle_reasons: calls add(name, ctx) per bit. */
void nvml_throttle_names(unsigned long long bits, void (*add)(const char *name, void *ctx),
                         void *ctx);

#endif
