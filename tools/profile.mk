# SPDX-License-Identifier: Apache-2.0
# make profile: builds a program with every function of its own sources
# instrumented (function cost, driver/hooks/funccost.c) and soc/fw/profile_main.c
# around its main, runs it on the simulated SoC, and turns the console
# output into every report perfscope makes, in build/profile/<cpu>/<name>/.
# With MODE=retire the program is built as it is, with no instrumentation,
# and the reports come from its retire stream (docs/retire.md): the calls
# as the simulator's own decoder records them (+retire_file=), every call
# the code makes, exact to the cycle, the C library's included, and the
# flat profile from perfscope's histogram (+hist=), which charges every
# cycle to the last retired instruction's bucket, one 4-byte instruction
# each while .text fits its buckets (else the smallest power of two that
# fits). The reports:
#
#   console.log   what the program printed, frames included (MODE=retire:
#                 and the histogram's, which the simulator prints)
#   retire.trace  MODE=retire: the calls, in the trace unit's file format
#   hist.txt      MODE=retire: the histogram's cycles per function
#   functions.txt the IAS function table       gmon.out, gprof.txt  gprof's view
#   gprof.elf     the ELF as gprof reads it: a function name with a '.' or '$'
#                 (GCC's clones: foo.part.0, foo.constprop.0) has '_' instead
#                 (gprof.syms, perfscope gprof --renames), as gprof would charge
#                 such a function to the one before it; and hidden symbols are
#                 local (objcopy --localize-hidden): gprof takes a weak one
#                 for a function wherever it is, and -flto's markers
#                 (misc2.c.4efa9dc5, weak, hidden, of .debug_info) took
#                 cycles from the functions their values fell in
#   trace.json    Chrome/Perfetto timeline      folded.txt, flame.svg  flame graphs
#   report.txt    the Nios II section report of the sections frames the program
#                 prints, or, if it prints none, of perfscope's counters at its exit
#
#   make -C tools profile FW="/abs/app.c /abs/util.c" [CPU=VexRiscv_Full]
#        [MODE=funccost|retire] [SECTIONS=name,name,...] [PROFILE_EVENTS=2048]
#        [PROFILE_IRQ_EVENTS=256] [CLOCK_HZ=50000000] [HIST_WORDS=4096]
#        [SIMFLAGS="+timeout=200000000 ..."] [RAM_BYTES=65536] [FW_PRINTF=double|float|integer]
#
# SIMFLAGS go to the simulator after the mode's own plusargs: a program
# that runs past the harness's default timeout needs +timeout=. The
# simulator takes each plusarg once, so MODE=retire's own +retire_file= and
# +hist= cannot be given again there. A program
# that exits with a code other than 0 (an old benchmark's main that returns
# nothing) still gets its reports, after a line saying so; a timeout, a
# disagreement of the model or a usage error stops with the log's tail.
# RAM_BYTES, given on the command line, reaches both fw.mk and the
# simulator's build: a program of more than 64 KiB needs it; a simulator
# of another RAM_BYTES is built in build/sim/<cpu>-ram<bytes>/, and one of
# another HIST_WORDS (MODE=retire) in build/sim/<cpu>-hist<words>/. FW_PRINTF and
# FW_EXTRA_CFLAGS go to fw.mk (docs/programmers-guide.md).
#
# The program is named after its first source, or NAME; another program of the same
# name replaces it there (fw.mk's <name>.flags records the sources, so it
# is rebuilt, whatever the files' times). With MODE=funccost (the
# default) its own code is instrumented, the runtime, driver and C library
# are not (their time counts in the caller).
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
ifeq ($(strip $(FW)),)
$(error make profile FW="<program sources>": which program to profile)
endif
CPU            ?= VexRiscv_Full
MODE           ?= funccost
CLOCK_HZ       ?= 50000000
PROFILE_EVENTS_DEFAULT     := 2048
PROFILE_IRQ_EVENTS_DEFAULT := 256
PROFILE_EVENTS     ?= $(PROFILE_EVENTS_DEFAULT)
PROFILE_IRQ_EVENTS ?= $(PROFILE_IRQ_EVENTS_DEFAULT)
# The simulator's histogram words (sim/Makefile's HIST_BUCKETS, whose
# default it takes): the last is OUTSIDE, the others cover .text.
HIST_WORDS_DEFAULT := $(shell sed -n 's/^HIST_BUCKETS *?= *//p' $(TOP)/sim/Makefile)
HIST_WORDS     ?= $(HIST_WORDS_DEFAULT)
ifeq ($(filter 2 4 8 16 32 64 128 256 512 1024 2048 4096,$(HIST_WORDS)),)
$(error make profile: HIST_WORDS=$(HIST_WORDS): the histogram's words are a power of two, 2 to 4096 \
  (default $(HIST_WORDS_DEFAULT)))
endif
# Each FW a C, C++ or assembly source that is there (fw.mk builds them): an
# ELF, an image, a directory or a missing file stops here with one line,
# not gcc's.
profile_not_source = $(if $(wildcard $(1)),$(if $(wildcard $(1)/.),a directory,$(if $(filter %.c %.cc %.cpp %.cxx %.S \
                  %.s,$(1)),,not a C, C++ or assembly source)),no such file)
$(foreach f,$(FW),$(if $(call profile_not_source,$(f)),$(error make profile: FW=$(f): $(call profile_not_source,$(f)); FW \
  is the program's C, C++ or assembly sources (.c, .cc, .cpp, .cxx, .S, .s), which make profile builds)))
# PROFILE_EVENTS and PROFILE_IRQ_EVENTS positive whole numbers, without a
# leading 0 (the shape sim/Makefile checks RAM_BYTES for), up to 2^26, so
# that both buffers, 8 bytes an entry or exit, stay below the largest object
# GCC makes (2^31 bytes). Else the compiler would meet them in
# profile_main.c, or the program print no frame at all (0). One that does
# not fit the RAM stops the link with a line naming it.
profile_count_check = $(if $(shell case '$($(1))' in (''|0*|*[!0-9]*|??????????*) ;; (*) [ $($(1)) -le 67108864 ] \
  && echo ok ;; esac),,$(error make profile: $(1)=$($(1)) is not a whole number from 1 to 67108864 (2^26): the \
  entries and exits $(2) holds, 8 bytes each (default $($(1)_DEFAULT))))
$(call profile_count_check,PROFILE_EVENTS,the program's buffer)
$(call profile_count_check,PROFILE_IRQ_EVENTS,the interrupts' buffer)
# CLOCK_HZ as the host tool's -c takes it (tools/src/main.c): a whole number
# from 1 to 2^32 - 1, with an optional k, M or G (x 1000^n), leading zeros
# dropped (the shell would read them as octal); checked before the build,
# not by the tool after the run.
override CLOCK_HZ := $(strip $(CLOCK_HZ))
profile_hash := \#
ifneq ($(shell v='$(CLOCK_HZ)'; m=1; case "$$v" in (*k) m=1000;; (*M) m=1000000;; (*G) m=1000000000;; esac; \
         [ $$m = 1 ] || v=$${v%?}; v=$${v$(profile_hash)"$${v%%[!0]*}"}; case "$$v" in (''|*[!0-9]*) ;; \
         (*) [ $${$(profile_hash)v} -le $$(( m == 1 ? 10 : 7 )) ] && [ $$(( v * m )) -le 4294967295 ] \
             && echo ok ;; esac),ok)
$(error make profile: CLOCK_HZ=$(CLOCK_HZ) is not a clock in Hz from 1 to 2^32 - 1 (50000000 or 50M): the \
  clock the timeline's times are counted in (default 50000000))
endif
ifeq ($(filter $(MODE),funccost retire),)
$(error make profile: MODE=$(MODE) is neither funccost (instrumented) nor retire (as built, from the retire stream); \
  the other hook libraries (calltrace, profile, hot, hwtrace) are built with soc/fw/fw.mk, docs/hooks.md)
endif
NAME     := $(basename $(notdir $(firstword $(FW))))
# A name given is a file name of letters, digits, '_', '.', '+' and '-',
# not beginning with '.' or '-': one with a '/' would write the reports
# outside build/profile/ (NAME=../x), an empty one or one with a space
# would leave make without its files.
ifneq ($(shell case '$(NAME)' in (''|[.-]*|*[!A-Za-z0-9_.+-]*) ;; (*) echo ok ;; esac),ok)
$(error make profile: NAME=$(NAME) is not a file name of letters, digits, '_', '.', '+' and '-', not beginning \
  with '.' or '-': the program's name (default: its first source's, without the suffix))
endif
FW_BUILD := $(TOP)/build/profile/$(CPU)/$(NAME)$(if $(filter retire,$(MODE)),-retire)
ifeq ($(MODE),funccost)
# override: the user's own FW_EXTRA_CFLAGS (command line or environment)
# come on top of these, never instead of them.
override FW_EXTRA_CFLAGS += -Wl,--wrap=main -Wl,--wrap=_exit -Wl,--wrap=trap_handler \
  -Wl,--wrap=soc_default_trap_handler -DPROFILE_EVENTS=$(PROFILE_EVENTS) \
  -DPROFILE_IRQ_EVENTS=$(PROFILE_IRQ_EVENTS)
include $(TOP)/soc/fw/fw.mk
$(eval $(call fw_program,$(NAME),$(FW),$(FW_INSTR_funccost),$(FW_HOOKS_funccost) $(TOP)/soc/fw/profile_main.c))
# The calls are in the console log's frames.
CALLS     = $(OUT)/console.log
SIM_FLAGS :=
GPROF_LOG :=
else
include $(TOP)/soc/fw/fw.mk
$(eval $(call fw_program,$(NAME),$(FW)))
# The calls are in the harness's record of the retire stream, timed in
# cycles whatever the program does with perfscope's counters (a program
# built as it is prints no run frame for --log to lend: the timeline's
# clock is CLOCK_HZ); the histogram, the IP's, in the console log. Its
# bucket size: 4 << shift bytes for the smallest shift whose HIST_WORDS - 1
# buckets hold .text, from 0.
CALLS     = $(OUT)/retire.trace
TEXT      = $(shell $(CROSS)objdump -h $(ELF) | awk '$$2 == ".text" { print "0x" $$4, "0x" $$3 }')
HIST_SHIFT = $(shell s=0; while [ $$s -lt 7 ] && [ $$(( ($(HIST_WORDS) - 1) * (4 << s) )) -lt $$(( $(word 2,$(TEXT)) )) ]; do \
               s=$$((s + 1)); done; echo $$s)
SIM_FLAGS  = +retire_file=$(OUT)/retire.trace +hist=$(word 1,$(TEXT)),$(HIST_SHIFT)
GPROF_LOG  = --log $(OUT)/console.log
# A .text that HIST_SHIFT's buckets, the largest, still do not hold: the
# cycles past them go to OUTSIDE, in no function, which warnings.txt and
# gprof.txt's head say.
HIST_SHORT = $(shell [ $$(( ($(HIST_WORDS) - 1) * (4 << $(HIST_SHIFT)) )) -lt $$(( $(word 2,$(TEXT)) )) ] && echo y)
GPROF_OUTSIDE = printf 'OUTSIDE: %s cycles (%s %%) outside the buckets, in no function below: .text is more \
  than HIST_WORDS=$(HIST_WORDS) holds\n' $$(sed -n 's/^OUTSIDE  *\([0-9]*\)  *\([0-9.]*\)$$/\1 \2/p' $(OUT)/hist.txt)
HIST_SHORT_TEXT = .text ($$(( $(word 2,$(TEXT)) )) bytes) is more than HIST_WORDS=$(HIST_WORDS) holds \
  ($$(( $(HIST_WORDS) - 1 )) buckets of $$(( 4 << $(HIST_SHIFT) )) bytes): the cycles past them are OUTSIDE, in no function of \
  hist.txt or gprof.txt; pass a larger HIST_WORDS (at most 4096)
endif

PERFSCOPE := $(TOP)/build/tools/perfscope
# The sections' report: of the sections frames the program prints itself
# (perf_snapshot_frame), or, for a program that links none (a Nios II
# program's perf_print_formatted_report prints text only), of the counters
# at its exit, which the simulator reads and prints (+sections; once, if
# SIMFLAGS has it already). A program that links it and prints no frame on
# this run gets no report.txt.
SECTIONS_FLAG = $(if $(filter +sections,$(SIMFLAGS)),,$$($(CROSS)nm $(ELF) | grep -q ' perf_snapshot_frame$$' \
                  || echo +sections))
# Another RAM_BYTES or, with MODE=retire, HIST_WORDS than the default runs
# on a simulator of its own: built in place, build/sim/<cpu>/ would stay so
# for every later run.
SIM_HIST  := $(if $(filter retire,$(MODE)),$(HIST_WORDS),$(HIST_WORDS_DEFAULT))
SIM_DIR   := $(TOP)/build/sim/$(CPU)$(if $(filter-out $(RAM_BYTES_DEFAULT),$(RAM_BYTES)),-ram$(RAM_BYTES))$(if \
               $(filter-out $(HIST_WORDS_DEFAULT),$(SIM_HIST)),-hist$(SIM_HIST))
SIM       := $(SIM_DIR)/Vsoc_top
OUT       := $(FW_BUILD)
ELF       := $(OUT)/$(NAME).elf

.PHONY: profile profile-forget
# The last run's outputs go first, before the build: a run that fails, to
# build or to run, leaves none of them beside its own log. The commands
# read the same recording, so they warn of the same things: each line is
# said once, after the last (or at once, with the rest, when one fails),
# and kept once in warnings.txt.
WARNINGS  = $(OUT)/warnings.txt
ONCE_AWK  := !seen[$$0]++
# A log's tail as a terminal shows it: a frame's line of base64 (tens of
# kilobytes in one line) cut to its head.
CLIP_AWK  := { print (length($$0) > 160 ? substr($$0, 1, 160) " [...]" : $$0) }
warnings_once = awk '$(ONCE_AWK)' $(WARNINGS) > $(WARNINGS).once; mv $(WARNINGS).once $(WARNINGS); cat $(WARNINGS) >&2
said_once = $(1) 2>> $(WARNINGS) || { $(warnings_once); exit 1; }
# gprof.txt's line for hist.txt's STRADDLE: gprof shares such a bucket out
# by address, which is as approximate as hist.txt's charge to the lower.
GPROF_STRADDLE := STRADDLE: buckets across two or more functions: \1 (\2 cycles); gprof shares each \
  between them, so their self times below are approximate (buckets of 4 bytes are exact)
# A program that trapped, ran past the RAM or ran out of time before the
# runtime printed its frame may have used so much stack (deep recursion,
# large local arrays) that its stack grew into the events buffer below it
# (without make profile it grows into free RAM): a line says so. One that
# gets to its end is told by the runtime, which finds the guard above the
# buffers written.
STACK_HINT = if [ $(MODE) = funccost ] && ! grep -q '@PS events ' $(OUT)/console.log \
	  && grep -qE 'trap: (exception|interrupt), mcause |^trap: trap inside|^sim: the program reached 0x[0-9a-f]+, beyond the RAM|^sim: a trap inside the trap handler|^sim: TIMEOUT' \
	  $(OUT)/console.log; then echo "profile: if $(NAME) uses much stack (deep recursion, large local arrays), its stack may" \
	  "have grown into the events buffer"; echo "profile: below it ($(PROFILE_EVENTS) entries and exits," \
	  "$$(( $(PROFILE_EVENTS) * 8 )) bytes): a smaller PROFILE_EVENTS or a larger RAM_BYTES leaves it room, and" \
	  "MODE=retire needs no buffer"; fi
# A funccost run whose runtime printed no events frame (it ended before).
NO_FRAME = { [ $(MODE) = funccost ] && ! grep -q '@PS events ' $(OUT)/console.log; }
REPORTS := functions.txt gmon.out hist.txt gprof.elf gprof.syms gprof.txt trace.json folded.txt flame.svg report.txt
profile-forget:
	@rm -f $(addprefix $(OUT)/,$(REPORTS) console.log retire.trace warnings.txt)
profile: profile-forget $(OUT)/$(NAME).hex
	@$(MAKE) -s --no-print-directory -C $(TOP)/sim CPU=$(CPU) RAM_BYTES=$(RAM_BYTES) HIST_BUCKETS=$(SIM_HIST) SIM_DIR=$(SIM_DIR)
	@$(SIM) +firmware=$(OUT)/$(NAME).hex $(SIM_FLAGS) $(SIMFLAGS) $(SECTIONS_FLAG) > $(OUT)/console.log 2>&1; rc=$$?; \
	  code=$$(sed -n 's/^sim: exit \([0-9]*\) after .*/\1/p' $(OUT)/console.log); \
	  if [ -n "$$code" ] && [ "$$rc" -eq "$$(( code > 255 ? 255 : code ))" ]; then \
	    [ "$$rc" -eq 0 ] || echo "profile: $(NAME) exited with $$code on $(CPU)$$(sed -n 's/.*\(trap: \(exception\|interrupt\), mcause .*\)/ (\1)/p' \
	      $(OUT)/console.log | head -1); $$($(NO_FRAME) && echo 'it printed no events frame before, so there are no reports' \
	      || echo 'its reports follow')"; \
	  else \
	    tail -5 $(OUT)/console.log | awk '$(CLIP_AWK)'; echo "profile: $(NAME) failed on $(CPU), see $(OUT)/console.log$$(grep -q \
	      '^sim: TIMEOUT' $(OUT)/console.log && echo '; a longer run needs SIMFLAGS=+timeout=<cycles>')"; $(STACK_HINT); exit 1; \
	  fi; \
	  $(STACK_HINT)
	@if grep '^profile: error: ' $(OUT)/console.log; then exit 1; fi
	@if [ $(MODE) = funccost ] && grep -q '^sim: the program stopped in an endless loop' $(OUT)/console.log; then \
	  echo "profile: $(NAME) stopped in while (1); on $(CPU) instead of returning from main or calling exit()," \
	    "which print the calls' frame; MODE=retire records it up to the loop"; exit 1; fi
	@if $(NO_FRAME); then [ "$$(sed -n 's/^sim: exit \([0-9]*\) after .*/\1/p' $(OUT)/console.log)" != 0 ] \
	  || echo "profile: $(NAME) printed no events frame on $(CPU), so there are no reports (see $(OUT)/console.log)"; exit 1; fi
	@grep -E '^(profile|sim): warning: ' $(OUT)/console.log >> $(WARNINGS) || true
	@$(if $(HIST_SHORT),echo "profile: warning: $(HIST_SHORT_TEXT)" >> $(WARNINGS))
	@$(call said_once,$(PERFSCOPE) functions -e $(ELF) -o $(OUT)/functions.txt $(CALLS))
	@$(call said_once,$(PERFSCOPE) gprof -e $(ELF) $(GPROF_LOG) --renames $(OUT)/gprof.syms -o $(OUT)/gmon.out $(CALLS))
	@$(CROSS)objcopy --localize-hidden --redefine-syms=$(OUT)/gprof.syms $(ELF) $(OUT)/gprof.elf
	@$(if $(GPROF_LOG),$(call said_once,$(PERFSCOPE) hist -e $(ELF) -o $(OUT)/hist.txt $(OUT)/console.log))
	@{ grep -E '^(lost|damaged): ' $(OUT)/functions.txt; \
	   $(if $(GPROF_LOG),sed -n 's/^STRADDLE: \([0-9]*\) buckets* (\([0-9]*\) cycles).*/$(GPROF_STRADDLE)/p' $(OUT)/hist.txt;) \
	   $(if $(HIST_SHORT),$(GPROF_OUTSIDE);) \
	   $(CROSS)gprof -b $(OUT)/gprof.elf $(OUT)/gmon.out; } > $(OUT)/gprof.txt
	@$(call said_once,$(PERFSCOPE) chrome -e $(ELF) -c $(CLOCK_HZ) -o $(OUT)/trace.json $(CALLS))
	@$(call said_once,$(PERFSCOPE) folded -e $(ELF) -o $(OUT)/folded.txt $(CALLS))
	@$(call said_once,$(PERFSCOPE) flame -e $(ELF) --title "$(NAME) on $(CPU)" -o $(OUT)/flame.svg $(CALLS))
	@if grep -q '^@PS sections ' $(OUT)/console.log; then \
	  $(call said_once,$(PERFSCOPE) report -c $(CLOCK_HZ) $(if $(SECTIONS),--names '$(call fw_quote,$(SECTIONS))') \
	    -o $(OUT)/report.txt $(OUT)/console.log); fi
	@$(warnings_once)
	@echo "profile: $(NAME) on $(CPU): reports in $(OUT)"
