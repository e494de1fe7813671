// SPDX-License-Identifier: Apache-2.0
// The testbenches' numeric plusargs (+seed=, +ops=, +cycles=).
#ifndef TB_PLUSARG_H
#define TB_PLUSARG_H

#include <cstdlib>
#include <string>

#include "verilated.h"

// The number n of +<name>=n on ctx's command line, or dflt without one.
inline unsigned long long tb_plusarg(VerilatedContext *ctx, const char *name, unsigned long long dflt) {
    const std::string key = std::string(name) + "=";
    const char *arg = ctx->commandArgsPlusMatch(key.c_str());
    return arg && *arg ? std::strtoull(arg + 1 + key.size(), nullptr, 0) : dflt;
}

#endif
