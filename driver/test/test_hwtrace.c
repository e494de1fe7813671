/* SPDX-License-Identifier: Apache-2.0 */
/* The trace unit's driver (driver/hooks/hwtrace.c) against the fake
 * perfscope: which registers each call touches, with what, and what it
 * refuses. The one-store hooks are RISC-V code: tests/hwtrace.c runs them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_perfscope.h"
#include "perfscope_hwtrace.h"
#include "perfscope_retire.h"

#include "check.h"
#include "suites.h"

#define B FAKE_BASE

/* What perf_hwtrace_frame writes, through put. */
static char out[4096];
static unsigned out_len;
static int fail_after = -1; /* put fails from this character on; -1 never */

static int put(int c, void *ctx)
{
	(void)ctx;
	if ((fail_after >= 0 && out_len >= (unsigned)fail_after) || out_len + 1 >= sizeof out)
		return -1;
	out[out_len++] = (char)c;
	return c;
}

/* The test's own readers of a frame line: RFC 4648 base64 and the IEEE
 * CRC-32 bit by bit, independent of the driver's tables. */
static unsigned unbase64(const char *s, size_t n, unsigned char *b)
{
	static const char digits[] =
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned len = 0;
	uint32_t acc = 0;
	int bits = 0;
	for (size_t i = 0; i < n && s[i] != '='; i++) {
		acc = acc << 6 | (uint32_t)(strchr(digits, s[i]) - digits);
		if ((bits += 6) >= 8)
			b[len++] = (unsigned char)(acc >> (bits -= 8));
	}
	return len;
}

static uint32_t crc32_bits(const unsigned char *b, unsigned n)
{
	uint32_t crc = 0xffffffffu;
	for (unsigned i = 0; i < n; i++) {
		crc ^= b[i];
		for (int k = 0; k < 8; k++)
			crc = crc >> 1 ^ (0xedb88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

static uint32_t le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The record the fake's FIFO holds at position i of this test: ENTERs, and
 * a LOSS at 40 (type 7 in bits 31:29, bit 28 0: a record, not the empty
 * pop's marker). */
static uint64_t record(unsigned i)
{
	if (i == 40)
		return (uint64_t)(PERF_TRACE_LOSS << PERF_TRACE_TYPE_SHIFT | 40u) << 32 | 9u;
	return (uint64_t)(PERF_TRACE_ENTER << PERF_TRACE_TYPE_SHIFT |
	                  (i & 0xffu) << PERF_TRACE_DEPTH_SHIFT | i)
	               << 32 |
	       (0x1000u + 4u * i);
}

/* Checks the trace frames in out: one line each, its length and CRC as it
 * claims, version 2, then `first` and n, then records first .. first + n - 1
 * of record(); returns the frames' first and n as "first+n first+n ...". */
static const char *frames_of(const char *what)
{
	static char got[256];
	unsigned glen = 0;
	got[0] = '\0';
	out[out_len] = '\0';
	for (const char *l = strstr(out, "@PS trace "); l; l = strstr(l + 1, "@PS trace ")) {
		char *end;
		const unsigned long bytes = strtoul(l + 10, &end, 10);
		const unsigned long crc = strtoul(end + 3, &end, 16);
		const char *nl = strchr(end + 1, '\n');
		unsigned char p[600];
		const unsigned n = nl && (size_t)(nl - end - 1) <= 4 * sizeof p / 3
		                           ? unbase64(end + 1, (size_t)(nl - end - 1), p)
		                           : 0;
		int ok = n == bytes && n >= 12 && crc32_bits(p, n) == crc && le32(p) == 2 &&
		         n == 12 + 8 * le32(p + 8);
		for (unsigned i = 0; ok && i < le32(p + 8); i++)
			ok = ((uint64_t)le32(p + 16 + 8 * i) << 32 | le32(p + 12 + 8 * i)) ==
			     record(le32(p + 4) + i);
		check_int(what, ok, 1);
		glen += (unsigned)snprintf(got + glen, sizeof got - glen, "%s%u+%u",
		                           glen ? " " : "", n >= 12 ? le32(p + 4) : 0,
		                           n >= 12 ? le32(p + 8) : 0);
	}
	return got;
}

/* After a recording begins: a frame of the FIFO's one record numbers it 0. */
static void check_first_after_start(void)
{
	fake.trace_head = 0;
	fake.trace_level = 1;
	out_len = 0;
	check_int("hwtrace: a frame after it", perf_hwtrace_frame(B, put, NULL), 1);
	check_str("hwtrace: ... numbers from 0 again",
	          frames_of("hwtrace: ... a sound trace frame"), "0+1");
}

static void test_drain(void)
{
	fake_power_on(7);
	fake_clear_log();
	uint64_t rec = 7;
	check_int("hwtrace: frame without a trace unit", perf_hwtrace_frame(B, put, NULL),
	          -PERF_ENODEV);
	check_str("hwtrace: ... reads CONFIG alone", fake_accesses(1), "r84");

	fake.config |= 9u << PERF_CONFIG_TRACE_SHIFT;
	check_int("hwtrace: start", perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL), 0);
	fake_clear_log();
	check_int("hwtrace: pop of an empty FIFO", perf_hwtrace_pop(B, &rec), 0);
	check_int("hwtrace: ... leaves the record alone", (int)rec, 7);
	check_str("hwtrace: ... reads POP_LO, then POP_HI", fake_accesses(1), "rac rb0");
	out_len = 0;
	check_int("hwtrace: frame of an empty FIFO: no records", perf_hwtrace_frame(B, put, NULL),
	          0);
	check_int("hwtrace: ... and no frame", (int)out_len, 0);

	fake.trace_head = 0;
	fake.trace_level = 3;
	for (unsigned i = 0; i < 3; i++)
		fake.trace_rec[i] = record(i);
	fake_clear_log();
	check_int("hwtrace: pop", perf_hwtrace_pop(B, &rec), 1);
	check_int("hwtrace: ... the oldest record, word 1 on top", rec == record(0), 1);
	check_str("hwtrace: ... from POP_LO and POP_HI", fake_accesses(1), "rac rb0");
	out_len = 0;
	check_int("hwtrace: frame of the other two", perf_hwtrace_frame(B, put, NULL), 2);
	check_str("hwtrace: ... one frame, numbered after the record popped alone",
	          frames_of("hwtrace: ... a sound trace frame of the FIFO's records"), "1+2");

	/* 70 more: two full frames and the rest, numbered on. */
	fake.trace_head = 3;
	fake.trace_level = 70;
	for (unsigned i = 3; i < 73; i++)
		fake.trace_rec[i] = record(i);
	out_len = 0;
	check_int("hwtrace: frame of 70 records", perf_hwtrace_frame(B, put, NULL), 70);
	check_str("hwtrace: ... in frames of PERF_HWTRACE_FRAME_RECORDS",
	          frames_of("hwtrace: ... each a sound trace frame of its records"),
	          "3+32 35+32 67+6");
	check_int("hwtrace: ... the FIFO empty", (int)fake.trace_level, 0);

	/* A failing output: the frame's records are lost, the next frame's
	 * number says how many. */
	fake.trace_head = 73;
	fake.trace_level = 5;
	for (unsigned i = 73; i < 78; i++)
		fake.trace_rec[i] = record(i);
	out_len = 0;
	fail_after = 20;
	check_int("hwtrace: frame through a failing output", perf_hwtrace_frame(B, put, NULL),
	          -PERF_EIO);
	fail_after = -1;
	fake.trace_head = 80;
	fake.trace_level = 1;
	fake.trace_rec[80] = record(78);
	out_len = 0;
	check_int("hwtrace: the next frame", perf_hwtrace_frame(B, put, NULL), 1);
	check_str("hwtrace: ... numbers its record after the 5 lost",
	          frames_of("hwtrace: ... a sound trace frame"), "78+1");

	check_int("hwtrace: start again", perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL), 0);
	check_first_after_start();

	/* The retire tap's recording is a new one too. */
	fake.config |= PERF_CONFIG_RETIRE_MASK;
	fake.trace_head = 1;
	fake.trace_level = 2;
	out_len = 0;
	check_int("hwtrace: a frame of two more", perf_hwtrace_frame(B, put, NULL), 2);
	check_str("hwtrace: ... numbered on", frames_of("hwtrace: ... a sound trace frame"), "1+2");
	check_int("hwtrace: perf_retire_start", perf_retire_start(B), 0);
	check_first_after_start();
}

void test_hwtrace(void)
{
	fake_power_on(7);
	fake_clear_log();
	check_int("hwtrace: start without a trace unit",
	          perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL), -PERF_ENODEV);
	check_str("hwtrace: ... reads CONFIG and writes nothing", fake_accesses(1), "r84");

	fake.config |= 9u << PERF_CONFIG_TRACE_SHIFT; /* 512 records */
	fake.trace_level = 3;
	fake.trace_high = 0x12;
	fake.trace_drops = 5;
	fake_clear_log();
	check_int("hwtrace: start, stop on full", perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL),
	          0);
	check_str("hwtrace: ... CLEAR, then ENABLE", fake_accesses(1), "r84 wa0=4 wa0=1");
	check_int("hwtrace: ... the level, the high-water mark and the drops cleared",
	          (int)(fake.trace_level | fake.trace_high | fake.trace_drops), 0);
	check_int("hwtrace: ... TRACE_CTRL reads 0",
	          (int)fake_read32((uintptr_t)B + PERF_REG_TRACE_CTRL), 0);
	check_int("hwtrace: ... the mode reads back in TRACE_DROPS: ENABLE",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                PERF_TRACE_DROPS_ENABLE_MASK),
	          1);
	fake_clear_log();
	perf_hwtrace_stop(B);
	check_str("hwtrace: stop on full: stop reads the mode in TRACE_DROPS, writes 0",
	          fake_accesses(1), "ra8 wa0=0");
	fake_clear_log();
	check_int("hwtrace: start, overwrite", perf_hwtrace_start(B, PERF_HWTRACE_OVERWRITE), 0);
	check_str("hwtrace: ... CLEAR, then ENABLE and OVERWRITE", fake_accesses(1),
	          "r84 wa0=4 wa0=3");
	fake_clear_log();
	check_int("hwtrace: an unknown mode", perf_hwtrace_start(B, (enum perf_hwtrace_mode)2),
	          -PERF_EINVAL);
	check_str("hwtrace: ... touches nothing", fake_accesses(1), "");

	check_int("hwtrace: ... TRACE_DROPS reads ENABLE and OVERWRITE",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                (PERF_TRACE_DROPS_ENABLE_MASK | PERF_TRACE_DROPS_OVERWRITE_MASK)),
	          1);
	fake.trace_drops = 6;
	check_int("hwtrace: drops, without the mode bits", (int)perf_hwtrace_drops(B), 6);

	fake_clear_log();
	perf_hwtrace_stop(B);
	check_str("hwtrace: stop clears ENABLE and keeps OVERWRITE, read from TRACE_DROPS",
	          fake_accesses(1), "ra8 wa0=2");
	check_int("hwtrace: ... TRACE_DROPS reads OVERWRITE alone",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                (PERF_TRACE_DROPS_OVERWRITE_MASK | 6u)),
	          1);

	fake.trace_level = 7;
	fake.trace_high = 0x1ff;
	fake.trace_drops = 0xffffu;
	check_int("hwtrace: TRACE_STATUS: level 7, GAP 0x1ff - 7",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_STATUS) == 0x01f80007u), 1);
	check_int("hwtrace: level", (int)perf_hwtrace_level(B), 7);
	fake_clear_log();
	check_int("hwtrace: high-water mark, LEVEL + GAP", (int)perf_hwtrace_high_water(B), 0x1ff);
	check_str("hwtrace: ... from one read of TRACE_STATUS", fake_accesses(1), "ra4");
	fake.trace_level = fake.trace_high = 0x200;
	check_int("hwtrace: high-water mark of a full FIFO, GAP 0", (int)perf_hwtrace_high_water(B),
	          0x200);
	check_int("hwtrace: drops, saturated, OVERWRITE set above them",
	          perf_hwtrace_drops(B) == 0xffffu, 1);

	fake_clear_log();
	__cyg_profile_func_enter((void *)(uintptr_t)0x1234u, NULL);
	__cyg_profile_func_exit((void *)(uintptr_t)0x1234u, NULL);
	PERF_HWTRACE_IRQ_ENTER(B, 11);
	PERF_HWTRACE_IRQ_EXIT(B, 11);
	check_str("hwtrace: the compiler hooks and the interrupt marks, one store each",
	          fake_accesses(1), "w90=1234 w94=1234 w98=b w9c=b");
	test_drain();
}
