#ifndef ROUTEPLAN_FUZZ_LIBFUZZER_H
#define ROUTEPLAN_FUZZ_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h): parses libFuzzer's
/// command-line flags from argc/argv and runs `callback` on each input.
/// Defined by the runtime that `-sanitize=fuzzer` links in.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
