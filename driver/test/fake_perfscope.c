/* SPDX-License-Identifier: Apache-2.0 */
#include "fake_perfscope.h"

#include <stdio.h>
#include <string.h>

struct fake fake;

void fake_power_on(unsigned num_sections)
{
	memset(&fake, 0, sizeof fake);
	fake.id = PERF_ID_VALUE;
	fake.config = (PERF_VERSION_MAJOR << PERF_CONFIG_VERSION_MAJOR_SHIFT) |
	              (PERF_VERSION_MINOR << PERF_CONFIG_VERSION_MINOR_SHIFT) |
	              (num_sections << PERF_CONFIG_SECTIONS_SHIFT);
	fake.sections = num_sections;
}

void fake_clear_log(void)
{
	fake.log_len = 0;
	fake.stray = 0;
}

const char *fake_accesses(int values)
{
	static char text[16 * 64 + 1];
	size_t len = 0;
	text[0] = '\0';
	for (unsigned i = 0; i < fake.log_len && i < 64; i++) {
		const struct fake_access *a = &fake.log[i];
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%c%02x", i ? " " : "",
		                        a->op, a->offset);
		if (values && a->op == 'w')
			len += (size_t)snprintf(text + len, sizeof text - len, "=%x", a->value);
	}
	return text;
}

/* The cycles between the previous access and this one; then the access takes effect. */
static void tick(void)
{
	if (!(fake.run & 1u))
		return;
	if (fake.time[0] + fake.ticks < fake.time[0])
		fake.ovf = (2u << fake.sections) - 1; /* G wrapped: every section's flag */
	for (unsigned n = 0; n <= fake.sections; n++)
		if (fake.run & (1u << n))
			fake.time[n] += fake.ticks;
}

static void log_access(char op, uint32_t offset, uint32_t value)
{
	if (fake.log_len < sizeof fake.log / sizeof fake.log[0])
		fake.log[fake.log_len] = (struct fake_access){ op, offset, value };
	fake.log_len++;
}

/* The byte offset of addr in the window, or -1 for a stray access. */
static long decode(uintptr_t addr)
{
	uintptr_t base = (uintptr_t)FAKE_BASE;
	if (addr < base || addr - base >= PERF_SPAN_BYTES || addr % 4) {
		fake.stray++;
		return -1;
	}
	return (long)(addr - base);
}

static uint32_t read_reg(uint32_t off)
{
	unsigned n = off / PERF_SECTION_STRIDE;
	uint32_t reg = off % PERF_SECTION_STRIDE;
	if (off == PERF_REG_ID)
		return fake.id;
	if (off == PERF_REG_CONFIG)
		return fake.config;
	if (off == PERF_REG_RUN)
		return fake.run;
	if (off == PERF_REG_OVF)
		return fake.ovf;
	if (fake.config & PERF_CONFIG_TRACE_MASK) {
		if (off == PERF_REG_TRACE_CTRL)
			return 0;
		if (off == PERF_REG_TRACE_STATUS)
			return (fake.trace_level << PERF_TRACE_STATUS_LEVEL_SHIFT &
			        PERF_TRACE_STATUS_LEVEL_MASK) |
			       ((fake.trace_high - fake.trace_level)
			                << PERF_TRACE_STATUS_GAP_SHIFT &
			        PERF_TRACE_STATUS_GAP_MASK);
		if (off == PERF_REG_TRACE_DROPS)
			return (fake.trace_drops << PERF_TRACE_DROPS_COUNT_SHIFT &
			        PERF_TRACE_DROPS_COUNT_MASK) |
			       ((fake.trace_ctrl & PERF_TRACE_CTRL_ENABLE_MASK) >>
			        PERF_TRACE_CTRL_ENABLE_SHIFT << PERF_TRACE_DROPS_ENABLE_SHIFT) |
			       ((fake.trace_ctrl & PERF_TRACE_CTRL_OVERWRITE_MASK) >>
			        PERF_TRACE_CTRL_OVERWRITE_SHIFT
			                << PERF_TRACE_DROPS_OVERWRITE_SHIFT);
		if (off == PERF_REG_TRACE_POP_LO) {
			if (!fake.trace_level) {
				fake.latch_hi = 0xf0000000u;
				return 0;
			}
			const uint64_t r = fake.trace_rec[fake.trace_head++ % 128];
			fake.trace_level--;
			fake.latch_hi = (uint32_t)(r >> 32);
			return (uint32_t)r;
		}
		if (off == PERF_REG_TRACE_POP_HI)
			return fake.latch_hi;
	}
	if (n > fake.sections)
		return 0;
	if (reg == PERF_REG_TIME_LO(0)) {
		fake.latch_valid = 1;
		fake.latch_section = n;
		fake.latch_hi = (uint32_t)(fake.time[n] >> 32);
		return (uint32_t)fake.time[n];
	}
	if (reg == PERF_REG_TIME_HI(0)) {
		if (fake.latch_valid && fake.latch_section == n) {
			fake.latch_valid = 0;
			return fake.latch_hi;
		}
		return (uint32_t)(fake.time[n] >> 32);
	}
	return reg == PERF_REG_OCC(0) ? fake.occ[n] : 0;
}

static void write_reg(uint32_t off, uint32_t value)
{
	unsigned n = off / PERF_SECTION_STRIDE;
	uint32_t reg = off % PERF_SECTION_STRIDE;
	if (off == PERF_REG_OVF)
		fake.ovf &= ~value;
	if (off == PERF_REG_TRACE_CTRL && (fake.config & PERF_CONFIG_TRACE_MASK)) {
		if (value & PERF_TRACE_CTRL_CLEAR_MASK)
			fake.trace_level = fake.trace_high = fake.trace_drops = 0;
		fake.trace_ctrl =
		        value & (PERF_TRACE_CTRL_ENABLE_MASK | PERF_TRACE_CTRL_OVERWRITE_MASK);
	}
	if (n > fake.sections)
		return;
	if (n == 0 && reg == PERF_REG_TIME_LO(0)) {
		if (value & 1u) {
			memset(fake.time, 0, sizeof fake.time);
			memset(fake.occ, 0, sizeof fake.occ);
			fake.run = 0;
			fake.ovf = 0;
			fake.latch_valid = 0;
		} else {
			fake.run &= ~1u;
		}
	} else if (n == 0 && reg == PERF_REG_TIME_HI(0)) {
		fake.run |= 1u;
		if (++fake.occ[0] == 0)
			fake.ovf |= 1u;
	} else if (reg == PERF_REG_TIME_LO(0)) {
		fake.run &= ~(1u << n);
	} else if (reg == PERF_REG_TIME_HI(0)) {
		if ((fake.run & 1u) && ++fake.occ[n] == 0)
			fake.ovf |= 1u << n;
		fake.run |= 1u << n;
	}
}

uint32_t fake_read32(uintptr_t addr)
{
	long off = decode(addr);
	uint32_t value = 0;
	tick();
	if (off >= 0)
		value = read_reg((uint32_t)off);
	log_access('r', off < 0 ? 0xffffffffu : (uint32_t)off, value);
	return value;
}

void fake_write32(uintptr_t addr, uint32_t value)
{
	long off = decode(addr);
	tick();
	if (off >= 0)
		write_reg((uint32_t)off, value);
	log_access('w', off < 0 ? 0xffffffffu : (uint32_t)off, value);
}
