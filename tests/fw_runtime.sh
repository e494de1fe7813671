#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SoC's C runtime (soc/fw/) as a user's program meets it, built with
# fw.mk as soc/fw/example/ is and run on the default CPU's simulator:
#
#   write/read   write() to standard output and error is the console's,
#                to another descriptor EBADF, as is read() of another than
#                standard input; read() of standard input is
#                end of file
#   -flto        a program built with link-time optimisation links and runs
#                (the console's streams survive it); one whose trap_handler
#                hands a trap to soc_default_trap_handler ends with the
#                default's line and 100 + cause (it called itself when the
#                default was the alias of the weak trap_handler)
#   constructor  a program with a constructor or a destructor does not
#                link, with the one line link.ld gives (crt0.S runs none)
#   too big      a program bigger than the RAM less the stack does not
#                link, with link.ld's line saying what to change; one
#                bigger than the RAM, with fw.mk's line after ld's
#   args         main gets argc 0 and an argv whose argv[argc] is a null
#                pointer; a return from main runs the atexit() handlers
#   HAL          io.h's IORD/IOWR on perfscope and on RAM at 8, 16 and 32
#                bits, alt_timestamp at the SoC's clock, alt_printf,
#                alt_putstr, alt_putchar and alt_getchar, and
#                alt_irq_disable_all/alt_irq_enable_all around a section
#   alarm        sys/alt_alarm.h: alt_nticks, alt_ticks_per_second, alarms
#                called at the HAL's tick (nticks + 1 after the start), again
#                after the interval they return, stopped before they fire,
#                started again, called once when late; -EINVAL for a null
#                alarm or callback; the
#                first start turns interrupts on; after the last alarm the
#                timer interrupt is off, so while (1); ends the run
#   alarm_trap   alarms beside the program's own trap_handler, which still
#                gets every other trap (an ecall it steps over)
#   hookalarm    the alarms' interrupt in a program built with the
#                function-cost hooks, which switch to a buffer of its own in
#                soc_irq_mark (docs/hooks.md): the program's buffer has
#                its calls and the interrupt's buffer the callback's, each
#                exactly, and no time of the one is the other's
#   hwalarm      the alarms' interrupt in a program built with the trace
#                unit's one-store hooks: marked, so the host tool's table has
#                it as a row of its own, with the callback inside
#   cache        sys/alt_cache.h: after each data cache flush a pass over an
#                array takes longer than a warm one (VexRiscv_Full), and the
#                instruction cache flushes run
#   C++          a HAL application's main.cpp builds with -Werror and links
#                the driver's C functions; alt_printf's %x takes an alt_u32
#   HAL regs     nios2.h's status (PIE is mstatus.MIE, as alt_irq_enabled
#                sees it), the PIO's and the interval timer's register
#                macros at their words, ALT_ERRNO, and system.h's clock
#                under its three names, built with -Werror
#   beside       a program in a directory beside the checkout whose name
#                begins with the checkout's keeps its absolute path in
#                __FILE__ and in the debug information (its .lst shows its
#                source)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
status=0
pass() { echo "PASS fw runtime: $1"; }
fail() { echo "FAIL fw runtime: $1"; status=1; }

cpu=$(sed -n 's/^CPU *?= *//p' soc/fw/fw.mk)
work=$top/build/fw-runtime
rm -rf "$work" && mkdir -p "$work"
{
  echo "TOP := $top"
  echo "include \$(TOP)/soc/fw/fw.mk"
  for p in io args lto ltofwd ctor dtor big huge hal hal64 halregs alarm alarm_trap cache; do echo "\$(eval \$(call fw_program,$p,$p.c))"; done
  echo "\$(eval \$(call fw_program,cpp,cpp.cpp))"
  echo "\$(eval \$(call fw_program,hookalarm,hookalarm.c,\$(FW_INSTR_funccost),\$(FW_HOOKS_funccost)))"
  echo "\$(eval \$(call fw_program,hwalarm,hwalarm.c,\$(FW_INSTR_hwtrace),\$(FW_HOOKS_hwtrace),\$(FW_PATCH_hwtrace)))"
} > "$work/Makefile"
cat > "$work/io.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	char c;
	write(1, "out\n", 4);
	write(2, "err\n", 4);
	const int bad = write(5, "x", 1) == -1 && errno == EBADF;
	errno = 0;
	const int bad_read = read(3, &c, 1) == -1 && errno == EBADF;
	printf("io: fd 5 %s, fd 3 %s, read %d\n", bad ? "EBADF" : "WRITTEN", bad_read ? "EBADF" : "READ",
	       (int)read(0, &c, 1));
	return 0;
}
C
# The Nios II HAL's io.h (through the performance counter's header, as on
# Nios II), timestamp and small console API, as a HAL program uses them.
cat > "$work/hal.c" <<'C'
#include "altera_avalon_performance_counter.h"
#include "system.h"
#include "sys/alt_irq.h"
#include "sys/alt_stdio.h"
#include "sys/alt_timestamp.h"
static volatile alt_u32 word = 0x11223344;
/* Interrupts off (the SoC starts so) and on: each time masked inside the
 * bracket, and the state before it restored after, even when the bracket
 * turned them on meanwhile. */
static void irq_bracket(void)
{
	const int before = alt_irq_enabled();
	const alt_irq_context c = alt_irq_disable_all();
	const int inside = alt_irq_enabled();
	__asm__ volatile("csrsi mstatus, 8");   /* no source is enabled in mie */
	alt_irq_enable_all(c);
	alt_printf("irq: %x %x %x\n", before, inside, alt_irq_enabled());
}
int main(void)
{
	alt_timestamp_start();
	IOWR(PERFORMANCE_COUNTER_0_BASE, 0, 1);   /* PERF_RESET */
	IOWR(PERFORMANCE_COUNTER_0_BASE, 1, 0);   /* PERF_START_MEASURING */
	IOWR(PERFORMANCE_COUNTER_0_BASE, 5, 0);   /* PERF_BEGIN section 1 */
	for (volatile int i = 0; i < 10; i++)
		;
	IOWR(PERFORMANCE_COUNTER_0_BASE, 4, 0);   /* PERF_END section 1 */
	const alt_timestamp_type t = alt_timestamp();
	const alt_u32 s1 = IORD(PERFORMANCE_COUNTER_0_BASE, 4), n1 = IORD(PERFORMANCE_COUNTER_0_BASE, 6);
	alt_printf("io: section 1 %s, %x occurrence\n",
		   s1 == perf_get_section_time(PERFORMANCE_COUNTER_0_BASE, 1) ? "as the driver reads it" : "WRONG", (unsigned)n1);
	IOWR_8DIRECT(&word, 0, 0xaa);
	IOWR_16DIRECT(&word, 2, 0xbbcc);
	alt_printf("io: %x %x %x %x\n", (unsigned)word, IORD_8DIRECT(&word, 1), IORD_16DIRECT(&word, 2), IORD_32DIRECT(&word, 0));
	alt_printf("timestamp: %u at %u Hz\n", (unsigned)t, (unsigned)alt_timestamp_freq());
	alt_putstr("putstr");
	alt_putchar('\n');
	alt_printf("getchar %d\n", alt_getchar());
	irq_bracket();
	__asm__ volatile("csrsi mstatus, 8");   /* no source is enabled in mie */
	irq_bracket();
	return 0;
}
C
# The HAL headers HAL programs include beside the performance counter's,
# as they use them: the registers on a RAM array standing in for the
# devices, which the SoC lacks.
cat > "$work/halregs.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include "altera_avalon_pio_regs.h"
#include "altera_avalon_timer_regs.h"
#include "nios2.h"
#include "sys/alt_errno.h"
#include "sys/alt_irq.h"
#include "system.h"
static volatile alt_u32 pio[6], timer[6], timer64[10];
int main(void)
{
	alt_u32 st, on, off;
	NIOS2_READ_STATUS(st);   /* the SoC starts with interrupts off */
	NIOS2_WRITE_STATUS(st | NIOS2_STATUS_PIE_MSK);   /* no source is enabled in mie */
	NIOS2_READ_STATUS(on);
	const int irq_on = alt_irq_enabled();
	NIOS2_WRITE_STATUS(on & ~NIOS2_STATUS_PIE_MSK);
	NIOS2_READ_STATUS(off);
	printf("nios2: status %u, PIE set %u (%d), cleared %u (%d)\n", (unsigned)st, (unsigned)on, irq_on,
	       (unsigned)off, alt_irq_enabled());
	IOWR_ALTERA_AVALON_PIO_DATA(pio, 0x11);
	IOWR_ALTERA_AVALON_PIO_DIRECTION(pio, ALTERA_AVALON_PIO_DIRECTION_OUTPUT);
	IOWR_ALTERA_AVALON_PIO_IRQ_MASK(pio, 0x33);
	IOWR_ALTERA_AVALON_PIO_EDGE_CAP(pio, 0x44);
	IOWR_ALTERA_AVALON_PIO_SET_BITS(pio, 0x55);
	IOWR_ALTERA_AVALON_PIO_CLEAR_BITS(pio, 0x66);
	printf("pio: %x %x %x %x %x %x, read %x, SET_BIT at %d\n", (unsigned)pio[0], (unsigned)pio[1], (unsigned)pio[2],
	       (unsigned)pio[3], (unsigned)pio[4], (unsigned)pio[5], IORD_ALTERA_AVALON_PIO_EDGE_CAP(pio),
	       (int)((IOADDR_ALTERA_AVALON_PIO_SET_BIT(pio) - (uintptr_t)pio) / 4));
	IOWR_ALTERA_AVALON_TIMER_PERIODL(timer, 0x12345678 & ALTERA_AVALON_TIMER_PERIODL_MSK);
	IOWR_ALTERA_AVALON_TIMER_PERIODH(timer, 0x12345678 >> 16);
	IOWR_ALTERA_AVALON_TIMER_CONTROL(timer, ALTERA_AVALON_TIMER_CONTROL_ITO_MSK | ALTERA_AVALON_TIMER_CONTROL_CONT_MSK
	                                            | ALTERA_AVALON_TIMER_CONTROL_START_MSK);
	IOWR_ALTERA_AVALON_TIMER_SNAPL(timer, 1 << ALTERA_AVALON_TIMER_CONTROL_STOP_OFST);
	IOWR_ALTERA_AVALON_TIMER_STATUS(timer, ALTERA_AVALON_TIMER_STATUS_RUN_MSK >> ALTERA_AVALON_TIMER_STATUS_RUN_OFST);
	printf("timer: %x %x %x %x %x, SNAPH at %d\n", (unsigned)timer[0], (unsigned)timer[1], (unsigned)timer[2],
	       (unsigned)timer[3], (unsigned)timer[4],
	       (int)((IOADDR_ALTERA_AVALON_TIMER_SNAPH(timer) - (uintptr_t)timer) / 4));
	/* A 64-bit counter's period, 16 bits a word, low first. */
	const unsigned long long period = 0x123456789abcull;
	IOWR_ALTERA_AVALON_TIMER_PERIOD_0(timer64, period & ALTERA_AVALON_TIMER_PERIOD_0_MSK);
	IOWR_ALTERA_AVALON_TIMER_PERIOD_1(timer64, (period >> 16) & ALTERA_AVALON_TIMER_PERIOD_1_MSK);
	IOWR_ALTERA_AVALON_TIMER_PERIOD_2(timer64, (period >> 32) & ALTERA_AVALON_TIMER_PERIOD_2_MSK);
	IOWR_ALTERA_AVALON_TIMER_PERIOD_3(timer64, (period >> 48) & ALTERA_AVALON_TIMER_PERIOD_3_MSK);
	IOWR_ALTERA_AVALON_TIMER_SNAP_0(timer64, 1);
	printf("timer64: %x %x %x %x, SNAP_0 %x at %d, SNAP_3 at %d\n", (unsigned)timer64[2], (unsigned)timer64[3],
	       (unsigned)timer64[4], (unsigned)timer64[5], (unsigned)timer64[ALTERA_AVALON_TIMER_SNAP_0_REG],
	       ALTERA_AVALON_TIMER_SNAP_0_REG, (int)((IOADDR_ALTERA_AVALON_TIMER_SNAP_3(timer64) - (uintptr_t)timer64) / 4));
	ALT_ERRNO = 0;
	errno = EINVAL;
	printf("ALT_ERRNO %s, clock %d %d %d\n", ALT_ERRNO == EINVAL ? "is errno" : "WRONG", ALT_CPU_FREQ,
	       ALT_CPU_CPU_FREQ, NIOS2_CPU_FREQ);
	return 0;
}
C
# A program whose own system.h asks for a 64-bit timestamp gets all 64
# bits, whatever its include order: MTIME's high word is 0 here, so the
# value is the low one's.
mkdir -p "$work/hal64inc"
printf '#define ALT_TIMESTAMP_COUNTER_SIZE 64\n' > "$work/hal64inc/system.h"
cat > "$work/hal64.c" <<'C'
#include <stdio.h>
#include "sys/alt_timestamp.h"
#include "system.h"
int main(void)
{
	alt_timestamp_start();
	const alt_u64 t = alt_timestamp();
	printf("timestamp: %u bytes, %s\n", (unsigned)sizeof t, t < 1000 ? "a few cycles" : "WRONG");
	return 0;
}
C
# The HAL's system clock and alarms, as a HAL program uses them: every
# value exact, as the tick is MTIME's.
cat > "$work/alarm.c" <<'C'
#include <stdio.h>
#include <unistd.h>
#include "sys/alt_alarm.h"
#include "sys/alt_irq.h"
static alt_alarm a, b, c, d;
static volatile int calls_a, calls_b, calls_c, calls_d;
static volatile alt_u32 at[3], d_at[3];
static alt_u32 t0, t1;
static alt_u32 every_two(void *context)
{
	(void)context;
	at[calls_a] = alt_nticks() - t0;
	calls_a++;
	return calls_a < 3 ? 2 : 0;
}
static alt_u32 every_one(void *context)
{
	(void)context;
	d_at[calls_d] = alt_nticks() - t1;
	calls_d++;
	return calls_d < 3 ? 1 : 0;
}
static alt_u32 count(void *context)
{
	++*(volatile int *)context;
	return 0;
}
int main(void)
{
	printf("alarm: %u ticks a second, irq %d\n", (unsigned)alt_ticks_per_second(), alt_irq_enabled());
	printf("alarm: null %d %d\n", alt_alarm_start(NULL, 1, count, (void *)&calls_b),
	       alt_alarm_start(&b, 1, NULL, NULL));
	t0 = alt_nticks();
	alt_alarm_start(&a, 1, every_two, NULL);
	alt_alarm_start(&b, 1, count, (void *)&calls_b);
	alt_alarm_stop(&b);
	alt_alarm_stop(&b);
	alt_alarm_start(&c, 0, count, (void *)&calls_c);
	alt_alarm_start(&c, 3, count, (void *)&calls_c);
	while (calls_a < 3)
		;
	usleep(5000);
	printf("alarm: a at %u %u %u, b %d, c %d, irq %d, now %u\n", (unsigned)at[0], (unsigned)at[1],
	       (unsigned)at[2], calls_b, calls_c, alt_irq_enabled(), (unsigned)(alt_nticks() - t0));
	/* Due at 1, but interrupts are off until 4: called then, once, and
	 * next at 5 and 6. */
	t1 = alt_nticks();
	alt_alarm_start(&d, 0, every_one, NULL);
	const alt_irq_context irq = alt_irq_disable_all();
	usleep(4000);
	alt_irq_enable_all(irq);
	while (calls_d < 3)
		;
	printf("alarm: late one at %u %u %u\n", (unsigned)d_at[0], (unsigned)d_at[1], (unsigned)d_at[2]);
	while (1)
		;
}
C
cat > "$work/alarm_trap.c" <<'C'
#include <stdio.h>
#include "soc.h"
#include "sys/alt_alarm.h"
static volatile int ecalls, fired;
void trap_handler(unsigned mcause, unsigned mepc)
{
	if (mcause != 11 && mcause != 2) {
		printf("alarm_trap: mcause %x\n", mcause);
		soc_exit(1);
	}
	ecalls++;
	__asm__ volatile("csrw mepc, %0" : : "r"(mepc + 4));
}
static alt_u32 fire(void *context)
{
	(void)context;
	fired++;
	return 0;
}
int main(void)
{
	static alt_alarm a;
	alt_alarm_start(&a, 2, fire, NULL);
	__asm__ volatile("ecall");
	while (!fired)
		;
	__asm__ volatile("ecall");
	printf("alarm_trap: %d ecalls, %d alarm\n", ecalls, fired);
	return 0;
}
C
cat > "$work/hookalarm.c" <<'C'
#include <stdio.h>
#include "perfscope_funccost.h"
#include "soc.h"
#include "sys/alt_alarm.h"
#define PERF ((void *)SOC_PERF_BASE)
static uint32_t main_buf[PERF_FUNCCOST_SIZE(256) / 4];
static uint32_t isr_buf[PERF_FUNCCOST_SIZE(64) / 4];
static struct perf_funccost *was;
PERF_NO_TRACE void soc_irq_mark(int enter, uint32_t cause)
{
	(void)cause;
	if (enter)
		was = perf_funccost_switch((void *)isr_buf);
	else
		perf_funccost_switch(was);
}
static volatile int ticks;
__attribute__((noinline)) static void cb_work(void) { __asm__ volatile(""); }
static alt_u32 tick(void *context)
{
	(void)context;
	cb_work();
	return ++ticks < 5 ? 1 : 0;
}
/* Long enough that most interrupts land in it, and few enough calls for
 * the buffer. */
__attribute__((noinline)) static void work(void)
{
	for (volatile int i = 0; i < 1000; i++)
		;
}
/* fn's calls and self time in the statistics of buf. */
PERF_NO_TRACE static void calls(const char *what, void *buf, void (*fn)(void), void (*other)(void))
{
	static uint64_t stat[PERF_STATISTICS_SIZE(16) / 8];
	perf_statistics_init(stat, sizeof stat);
	struct perf_funccost *back = perf_funccost_switch(buf);
	perf_statistics_calc(stat);
	perf_funccost_switch(back);
	const struct perf_statistics *s = (const void *)stat;
	uint32_t n = 0, m = 0;
	for (uint32_t i = 0; i < s->functions; i++) {
		if (s->fn[i].fn == (uint32_t)(uintptr_t)fn)
			n = s->fn[i].calls;
		if (s->fn[i].fn == (uint32_t)(uintptr_t)other)
			m = s->fn[i].calls;
	}
	printf("hookalarm: %s %u calls, the other %u, depth %u, lost %u\n", what, (unsigned)n, (unsigned)m,
	       (unsigned)s->max_depth, (unsigned)s->lost);
}
PERF_NO_TRACE int main(void)
{
	static alt_alarm a;
	perf_funccost_init(PERF, isr_buf, sizeof isr_buf);
	perf_funccost_init(PERF, main_buf, sizeof main_buf);
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	perf_funccost_enable();
	alt_alarm_start(&a, 0, tick, NULL);
	unsigned n = 0;
	while (ticks < 5) {
		work();
		n++;
	}
	perf_funccost_disable();
	const uint32_t events = perf_funccost_count((void *)main_buf);
	calls("program: work", main_buf, work, cb_work);
	calls("interrupt: cb_work", isr_buf, cb_work, work);
	printf("hookalarm: %s\n", events == 2 * n ? "every call of work recorded" : "WORK'S CALLS NOT ALL RECORDED");
	return 0;
}
C
cat > "$work/hwalarm.c" <<'C'
#include <stdio.h>
#include "perfscope_hwtrace.h"
#include "soc.h"
#include "sys/alt_alarm.h"
#define PERF ((void *)SOC_PERF_BASE)
static volatile int ticks;
static alt_u32 tick(void *context)
{
	(void)context;
	return ++ticks < 5 ? 1 : 0;
}
__attribute__((noinline)) static unsigned spin(void)
{
	unsigned n = 0;
	while (ticks < 5)
		n++;
	return n;
}
PERF_NO_TRACE int main(void)
{
	static alt_alarm a;
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	if (perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL))
		return 1;
	alt_alarm_start(&a, 0, tick, NULL);
	const unsigned n = spin();
	perf_hwtrace_stop(PERF);
	printf("hwalarm: %d ticks, %s\n", ticks, n ? "spun" : "NOT SPUN");
	return 0;
}
C
cat > "$work/cache.c" <<'C'
#include <stdio.h>
#include "soc.h"
#include "sys/alt_cache.h"
static volatile alt_u32 data[1024];
static alt_u32 pass(void)
{
	const alt_u32 t0 = (alt_u32)soc_mtime();
	alt_u32 sum = 0;
	for (int i = 0; i < 1024; i += 8)
		sum += data[i];
	return (alt_u32)soc_mtime() - t0 + (sum & 0u);
}
static const char *slower(alt_u32 cold, alt_u32 warm)
{
	return cold > warm ? "slower" : "NOT SLOWER";
}
int main(void)
{
	pass();
	const alt_u32 warm = pass();
	alt_dcache_flush_all();
	const alt_u32 all = pass();
	alt_dcache_flush((void *)data, sizeof data);
	const alt_u32 range = pass();
	alt_dcache_flush_no_writeback((void *)data, sizeof data);
	const alt_u32 nowb = pass();
	const alt_u32 again = pass();
	alt_icache_flush_all();
	alt_icache_flush((void *)pass, 64);
	printf("cache: after flush_all %s, flush %s, flush_no_writeback %s; then %s\n", slower(all, warm),
	       slower(range, warm), slower(nowb, warm), again < all ? "warm again" : "NOT WARM");
	return 0;
}
C
cat > "$work/cpp.cpp" <<'C'
#include "altera_avalon_performance_counter.h"
#include "altera_avalon_pio_regs.h"
#include "altera_avalon_timer_regs.h"
#include "nios2.h"
#include "sys/alt_errno.h"
#include "system.h"
#include "sys/alt_stdio.h"
class Filter {
public:
	alt_u32 run(alt_u32 n) const
	{
		alt_u32 sum = 0;
		for (alt_u32 i = 0; i < n; i++)
			sum += i;
		return sum;
	}
};
int main()
{
	const Filter filter;
	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, 1);
	volatile alt_u32 sum = filter.run(100);
	PERF_END(PERFORMANCE_COUNTER_0_BASE, 1);
	PERF_STOP_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	const alt_u32 starts = perf_get_num_starts((void *)PERFORMANCE_COUNTER_0_BASE, 1);
	alt_printf("cpp: sum %x, %x start\n", (alt_u32)sum, starts);
	return perf_get_section_time((void *)PERFORMANCE_COUNTER_0_BASE, 1) > 0 ? 0 : 1;
}
C
cat > "$work/args.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
static void bye(void) { printf("args: atexit ran\n"); }
int main(int argc, char **argv)
{
	atexit(bye);
	printf("args: argc %d, argv[argc] %s\n", argc, argv && !argv[argc] ? "null" : "NOT NULL");
	return 0;
}
C
cat > "$work/lto.c" <<'C'
#include <stdio.h>
int main(void) { printf("lto: %d\n", 42); return 0; }
C
cat > "$work/ltofwd.c" <<'C'
#include <stdio.h>
#include "soc.h"
void trap_handler(unsigned mcause, unsigned mepc)
{
	printf("ltofwd: mine first\n");
	soc_default_trap_handler(mcause, mepc);
}
int main(void)
{
	__asm__ volatile(".word 0");   /* an illegal instruction: cause 2 */
	return 0;
}
C
cat > "$work/ctor.c" <<'C'
#include <stdio.h>
static int x;
__attribute__((constructor)) static void init(void) { x = 5; }
int main(void) { printf("ctor: %d\n", x); return 0; }
C
cat > "$work/big.c" <<'C'
#include <stdio.h>
static volatile char table[62000];
int main(void) { table[5] = 1; printf("big: %d\n", table[5]); return 0; }
C
cat > "$work/huge.c" <<'C'
#include <stdio.h>
static volatile char table[70000];
int main(void) { table[5] = 1; printf("huge: %d\n", table[5]); return 0; }
C
cat > "$work/dtor.c" <<'C'
#include <stdio.h>
__attribute__((destructor)) static void fini(void) { printf("dtor\n"); }
int main(void) { return 0; }
C
# make in the program's directory, as a user types it.
user_make() { (cd "$work" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$work/out" "$@"); }
make -s -C sim CPU="$cpu" > /dev/null || fail "make -C sim CPU=$cpu"
sim=$top/build/sim/$cpu/Vsoc_top

# <program> <expected console> [make variable]...
run() {
  local p=$1 want=$2 a; shift 2
  local mk=() plus=()  # make variables, and the simulator's plusargs (+...)
  for a in "$@"; do if [ "${a#+}" != "$a" ]; then plus+=("$a"); else mk+=("$a"); fi; done
  if ! user_make "${mk[@]}" "$work/out/$p.hex" > "$work/$p.log" 2>&1; then
    tail -3 "$work/$p.log"; fail "$p: did not build"; return
  fi
  timeout -s KILL 120 "$sim" +firmware="$work/out/$p.hex" "${plus[@]}" > "$work/$p.out" 2> /dev/null; local rc=$?
  if [ "$rc" -eq 0 ] && [ "$(cat "$work/$p.out")" = "$want" ]; then
    pass "$p${*:+ ($*)}: $(tr '\n' '|' < "$work/$p.out")"
  else
    fail "$p${*:+ ($*)}: exit $rc, printed '$(tr '\n' '|' < "$work/$p.out")', not '$(printf '%s' "$want" | tr '\n' '|')'"
  fi
}
run io "$(printf 'out\nerr\nio: fd 5 EBADF, fd 3 EBADF, read 0')"
run args "$(printf 'args: argc 0, argv[argc] null\nargs: atexit ran')"
run lto "lto: 42" FW_EXTRA_CFLAGS=-flto
if user_make FW_EXTRA_CFLAGS=-flto "$work/out/ltofwd.hex" > "$work/ltofwd.log" 2>&1; then
  timeout -s KILL 120 "$sim" +firmware="$work/out/ltofwd.hex" +timeout=1000000 > "$work/ltofwd.out" 2> /dev/null; rc=$?
  if [ "$rc" = 102 ] && [ "$(sed -n 1p "$work/ltofwd.out")" = "ltofwd: mine first" ] \
     && grep -q '^trap: exception, mcause 0x00000002 ' "$work/ltofwd.out"; then
    pass "ltofwd (-flto): the program's handler hands the trap to the default: its line, exit 102"
  else
    fail "ltofwd (-flto): exit $rc, printed '$(head -3 "$work/ltofwd.out" | tr '\n' '|')', not the default's line and 102"
  fi
else
  tail -3 "$work/ltofwd.log"; fail "ltofwd: did not build"
fi
run hal64 "timestamp: 8 bytes, a few cycles" FW_EXTRA_CFLAGS=-Ihal64inc
run halregs "$(printf 'nios2: status 0, PIE set 1 (1), cleared 0 (0)\npio: 11 1 33 44 55 66, read 44, SET_BIT at 4\ntimer: 1 7 5678 1234 8, SNAPH at 5\ntimer64: 9abc 5678 1234 0, SNAP_0 1 at 6, SNAP_3 at 9\nALT_ERRNO is errno, clock 50000000 50000000 50000000')" FW_WERROR=-Werror
run alarm "$(printf 'alarm: 1000 ticks a second, irq 0\nalarm: null -22 -22\nalarm: a at 2 4 6, b 0, c 1, irq 1, now 11\nalarm: late one at 4 5 6')"
run alarm_trap "alarm_trap: 2 ecalls, 1 alarm"
run cpp "cpp: sum 1356, 1 start" FW_WERROR=-Werror
run hwalarm "hwalarm: 5 ticks, spun" +trace_file="$work/hwalarm.trace"
rows=$(make -s -C tools > /dev/null && build/tools/perfscope functions --format csv -e "$work/out/hwalarm.elf" \
         "$work/hwalarm.trace" 2>&1 | awk -F, '$2 ~ /^(irq 0x80000007|tick|spin)$/ { printf "%s %s %s;", $2, $4, $NF }')
if [ "$rows" = "spin 1 1;irq 0x80000007 5 2;tick 5 3;" ]; then
  pass "hwalarm: the trace has the alarms' 5 interrupts under spin, each with its callback: $rows"
else
  fail "hwalarm: the trace's rows (name, calls, depth) are '$rows', not 'spin 1 1;irq 0x80000007 5 2;tick 5 3;'"
fi
run hookalarm "$(printf 'hookalarm: program: work 16 calls, the other 0, depth 1, lost 0\nhookalarm: interrupt: cb_work 5 calls, the other 0, depth 2, lost 0\nhookalarm: every call of work recorded')"
run cache "cache: after flush_all slower, flush slower, flush_no_writeback slower; then warm again"
run hal "$(printf 'io: section 1 as the driver reads it, 1 occurrence\nio: bbcc33aa 33 bbcc bbcc33aa\ntimestamp: 281 at 50000000 Hz\nputstr\ngetchar -1\nirq: 0 0 0\nirq: 1 0 1')"

# <program> <why it must not link> <link.ld's line>: the link stops with it.
link_stops() {
  local p=$1 why=$2 msg=$3
  if user_make "$work/out/$p.hex" > "$work/$p.log" 2>&1; then
    fail "$p: linked, $why"
  elif grep -qF "$msg" "$work/$p.log"; then
    pass "$p: the link stops: $msg"
  else
    tail -3 "$work/$p.log"; fail "$p: the link failed without saying why"
  fi
}
for p in ctor dtor; do
  link_stops $p "and crt0.S would not run its $p" 'constructors and destructors are not supported (crt0.S runs none)'
done
link_stops big "a 62000-byte table in 64 KiB with the stack" \
  'RAM too small for the image and __stack_size of stack: build it and the simulator with a larger RAM_BYTES, or with FW_PRINTF=integer for a smaller printf (make profile: or a smaller PROFILE_EVENTS)'
# Bigger than the RAM itself: ld's overflow, then fw.mk's line.
link_stops huge "a 70000-byte table in 64 KiB" \
  "fw.mk: huge does not fit the SoC's RAM_BYTES=65536: build and run it with a larger RAM_BYTES (make profile takes one for both)"
# A program beside the checkout, in a directory whose name begins with the
# checkout's: -ffile-prefix-map must not take it for one of the checkout's.
side=$top-side.$$
rm -rf "$side" && mkdir "$side"
cat > "$side/side.c" <<'C'
#include <stdio.h>
int main(void)
{
	printf("%s\n", __FILE__);
	return 0;
}
C
# shellcheck disable=SC2016 # make's $(...), not the shell's
printf 'TOP := %s\ninclude $(TOP)/soc/fw/fw.mk\n$(eval $(call fw_program,side,side.c))\n' "$top" > "$side/Makefile"
if (cd "$side" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$side/out" "$side/out/side.hex" "$side/out/side.lst") > "$side/log" 2>&1 \
   && [ "$(timeout -s KILL 120 "$sim" +firmware="$side/out/side.hex" 2> /dev/null)" = "$side/side.c" ] \
   && grep -q 'printf("%s\\n", __FILE__);' "$side/out/side.lst"; then
  pass "beside the checkout: __FILE__ and the listing's source are $side/side.c"
else
  tail -3 "$side/log"; fail "beside the checkout: $side/side.c lost its path (__FILE__ or side.lst)"
fi
rm -rf "$side"
exit $status
