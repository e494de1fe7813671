// SPDX-License-Identifier: Apache-2.0
// The C++ testbenches' verdicts (hist_tb, trig_tb, retire_tb): one "PASS
// <prefix>: <what>" or "FAIL ..." line per check, which make test counts,
// and the exit code; and the first difference between the RTL and its
// model in a run, with its cycle.
#ifndef TB_CHECK_H
#define TB_CHECK_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

class TbChecks {
public:
    explicit TbChecks(std::string prefix) : prefix_(std::move(prefix)) {}
    void operator()(bool ok, const std::string &what) {
        std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", prefix_.c_str(), what.c_str());
        failures_ += !ok;
    }
    int exit_code() const { return failures_ ? 1 : 0; }

private:
    std::string prefix_;
    int failures_ = 0;
};

struct TbMismatches {
    uint64_t count = 0;
    std::string first;  // the first one, with its cycle

    void note(uint64_t cycle, const char *what, uint64_t rtl, uint64_t want) {
        if (!count++) {
            char b[200];
            std::snprintf(b, sizeof b, "cycle %llu: %s RTL 0x%llx, model 0x%llx", (unsigned long long)cycle, what,
                          (unsigned long long)rtl, (unsigned long long)want);
            first = b;
        }
    }
};

#endif
