# SPDX-License-Identifier: Apache-2.0
# Firmware for the perfscope SoC: a make fragment for any directory that
# builds programs to run on it (tests/, demo/, benchmarks). Usage, as
# soc/fw/example/Makefile has it word for word:
#
#   TOP := $(abspath ../../..)
#   include $(TOP)/soc/fw/fw.mk
#   $(eval $(call fw_program,hello,hello.c))
#
# `make` in that directory (or `make -C soc/fw/example` from the checkout)
# then builds $(FW_BUILD)/hello.elf, hello.hex (one 32-bit word per line,
# for $readmemh and the simulator's +firmware=) and hello.lst (disassembly),
# in build/fw/VexRiscv_Full/example/ by default. TOP is the checkout, here
# three levels up. Sources are relative to the Makefile's directory or
# absolute. The default goal is fw-all, every program's three files, unless
# the Makefile names a target of its own before the include; $(FW_ALL) lists
# them.
#
# Each program is its own sources, compiled into $(FW_BUILD)/<name>.objs/
# (with a profiling mode's flags, see below), linked with the SoC start-up
# code, the console, the perfscope driver and the hook library, which the
# link step compiles without those flags. A program's own headers come
# before the checkout's: its sources' directories (-iquote) and its -I
# directories, then soc/fw/, driver/include/ and driver/common/, so that a
# system.h of its own is the one read. It rebuilds when anything it is
# built from changes: a source, a header one read (<name>.d), the flags
# or the sources' paths (<name>.flags).
#
# Settings, each overridable before the include or on the command line:
#   CPU             VexRiscv_Full (default, as everywhere in the checkout),
#                   VexRiscv_Lite or VexRiscv_Min; picks -march
#   RAM_BYTES       must equal soc_top's RAM_BYTES (default 65536)
#   FW_BUILD        output directory, by default per CPU and directory
#                   (its last part); programs of one name in one FW_BUILD
#                   replace each other, each rebuilt in its turn
#   FW_DRIVER_SRCS  driver sources linked into every program
#   FW_EXTRA_CFLAGS more compiler flags, e.g. -DNDEBUG; a relative -I<dir>
#                   is taken from FW_USER_DIR, by default the directory make
#                   runs in (the including Makefile's), as sources are, and
#                   searched before the checkout's directories; its -std=,
#                   -ansi, -pedantic and -W flags (but -Wl, -Wa, -Wp) go to
#                   the program's own sources only
#   FW_PRINTF       picolibc's printf and scanf: double (the default, the
#                   whole of C's: %f, %e, %g, %lld, %llu), float (floats
#                   printed as float, smaller) or integer (no floating
#                   point and no long long: a %llu prints the low 32 bits,
#                   a %f prints *float*; about 10 KB less code, as the
#                   checkout's own Makefiles set it, whose cycle counts are
#                   exact)
#   FW_WERROR       -Werror to stop on a warning in the program's own
#                   sources, as the checkout's Makefiles set it; by
#                   default those warnings (-Wall -Wextra) are shown and
#                   the build goes on, so that a program of the user's, a
#                   public benchmark among them, builds unchanged. The
#                   runtime, the driver and the hooks always build with
#                   -Werror.

CPU       ?= VexRiscv_Full
# RAM_BYTES, checked as sim/Makefile checks it, and decimal from here on.
RAM_BYTES_WHO := fw.mk
include $(TOP)/soc/ram_bytes.mk
FW_WERROR ?=
FW_PRINTF ?= double
FW_PRINTF_double  := DOUBLE
FW_PRINTF_float   := FLOAT
FW_PRINTF_integer := INTEGER
ifeq ($(FW_PRINTF_$(FW_PRINTF)),)
$(error fw.mk: FW_PRINTF=$(FW_PRINTF) is none of double, float, integer (picolibc's printf variants))
endif
FW_USER_DIR ?= $(CURDIR)
# make splits every name at its spaces, so a directory with one in its path
# would turn into several files, and the errors that follow name none of them.
$(foreach v,CURDIR TOP FW_USER_DIR,$(if $(word 2,$($(v))),$(error \
  fw.mk: $(v) is "$($(v))", a path with a space, which make cannot handle; move or copy the program (or the \
  checkout) to a path without spaces)))
FW_BUILD  ?= $(TOP)/build/fw/$(CPU)/$(notdir $(CURDIR))
# The build directory: empty it would put the program's files at / .
override FW_BUILD := $(strip $(FW_BUILD))
ifeq ($(FW_BUILD),)
$(error fw.mk: FW_BUILD is empty: the directory the program's files go to (default build/fw/<CPU>/<directory>))
endif
ifneq ($(word 2,$(FW_BUILD)),)
$(error fw.mk: FW_BUILD is "$(FW_BUILD)", a path with a space, which make cannot handle; give one without spaces)
endif
override FW_WERROR := $(strip $(FW_WERROR))
ifneq ($(filter-out -Werror,$(FW_WERROR)),)
$(error fw.mk: FW_WERROR=$(FW_WERROR) is neither empty nor -Werror (stop on a warning in the program's own sources))
endif
CROSS     ?= riscv64-unknown-elf-

# VexRiscv_Min has no multiplier. -misa-spec=2.2 keeps the CSR instructions
# in the base ISA, so plain rv32i/rv32im still match GCC 12's multilibs.
FW_MARCH_VexRiscv_Min  := rv32i
FW_MARCH_VexRiscv_Lite := rv32im
FW_MARCH_VexRiscv_Full := rv32im
# VexRiscv_Full has a data cache, which sys/alt_cache.h's flushes reach
# (soc/fw/hal.c); the others have none.
FW_CPU_DEFS_VexRiscv_Full := -DSOC_DATA_CACHE
FW_MARCH := $(FW_MARCH_$(CPU))
ifeq ($(FW_MARCH),)
$(error fw.mk: unknown CPU '$(CPU)' (VexRiscv_Min, VexRiscv_Lite or VexRiscv_Full))
endif

FW_DIR         := $(TOP)/soc/fw
FW_RUNTIME     := $(FW_DIR)/crt0.S $(FW_DIR)/console.c $(FW_DIR)/runtime.c $(FW_DIR)/syscalls.c $(FW_DIR)/hal.c
# driver/common/ is the driver's pure code (no MMIO), which the host tool
# compiles too: one implementation for the target and the host.
FW_DRIVER_SRCS ?= $(TOP)/driver/perfscope.c $(TOP)/driver/perf_frame.c $(TOP)/driver/retire.c \
                  $(wildcard $(TOP)/driver/common/*.c)
# Every header a program may include: the runtime's, the driver's and the
# hooks' own, and those beside the including Makefile (tests/cpu_timing.h).
FW_HEADERS     := $(wildcard $(FW_DIR)/*.h $(FW_DIR)/sys/*.h $(TOP)/driver/include/*.h $(TOP)/driver/*.h \
                             $(TOP)/driver/common/*.h $(TOP)/driver/hooks/*.h $(CURDIR)/*.h) \
                  $(FW_DIR)/link.ld $(FW_DIR)/fw.mk

# The compiles run in <name>.objs/, so a relative -I<dir> is made absolute
# first: $(call fw_abs_includes,<flags>).
fw_abs_includes = $(foreach f,$(1),$(if $(filter -I%,$(f)),$(if $(filter -I/%,$(f)),$(f),-I$(abspath \
                    $(FW_USER_DIR)/$(patsubst -I%,%,$(f)))),$(f)))

# picolibc is a hosted C library, so the compiler may keep its builtins
# (no -ffreestanding). PICOLIBC_<FW_PRINTF>_PRINTF_SCANF makes
# picolibc.specs link that printf and scanf. The checkout's path is "." in
# the debug information and __FILE__, the compiler's and the assembler's
# (crt0.S): the image, its build id included, is then the same in every
# clone and every build, and so are the cycles the run frame's
# CRC and base64 take, whose table lookups follow the id's bytes through
# the data cache. Every compile runs in <name>.objs/ (or its rt/), which the
# recipe maps to "." as well (fw_here), so that a source's name,
# "./driver/perfscope.c", is found from the checkout's top: objdump -S
# there (the .lst below), addr2line and gdb.
# The maps name the checkout's directory with its slash, so that a
# program's directory beside the checkout whose name begins with the
# checkout's (perfscope-apps beside perfscope) keeps its absolute path.
FW_BASE_CFLAGS := -march=$(FW_MARCH) -misa-spec=2.2 -mabi=ilp32 $(FW_CPU_DEFS_$(CPU)) \
                  -specs=picolibc.specs -DPICOLIBC_$(FW_PRINTF_$(FW_PRINTF))_PRINTF_SCANF \
                  -O2 -g -Wall -Wextra \
                  -ffunction-sections -fdata-sections -ffile-prefix-map=$(TOP)/=./ \
                  -Wa,--debug-prefix-map=$(TOP)/=./
# The language of a source: C11 with GNU extensions; C++17 for a .cc, .cpp
# or .cxx (a HAL application's main.cpp), without exceptions and RTTI,
# which would need the C++ runtime library the toolchain does not have.
# $(call fw_std,<source>)
fw_std = $(if $(filter %.cc %.cpp %.cxx,$(1)),-std=gnu++17 -fno-exceptions -fno-rtti,-std=gnu11)
FW_INCLUDES    := -I$(FW_DIR) -I$(TOP)/driver/include -I$(TOP)/driver/common
# "-I dir" is taken as -Idir, so that it is one word, moved as one.
FW_USER_CFLAGS := $(call fw_abs_includes,$(subst -I ,-I,$(strip $(FW_EXTRA_CFLAGS))))
# The runtime, the driver and the hooks: the checkout's headers first, and
# none of the user's dialect or warning flags (-std=gnu89 for a K&R
# benchmark, -Wconversion), which are for the program's own sources: the
# checkout's are C11 and build with -Werror.
fw_comma := ,
FW_USER_DIALECT := $(filter -std=% -ansi -pedantic -pedantic-errors,$(FW_USER_CFLAGS)) \
                   $(filter-out -Wl$(fw_comma)% -Wa$(fw_comma)% -Wp$(fw_comma)%,$(filter -W%,$(FW_USER_CFLAGS)))
FW_CFLAGS := $(FW_BASE_CFLAGS) -std=gnu11 $(FW_INCLUDES) $(filter-out $(FW_USER_DIALECT),$(FW_USER_CFLAGS))
# A program's own sources: the program's headers before the checkout's, as
# the Nios II SBT has its application's directory on the include path, so
# that its own system.h (beside a source, or in a directory it gives with
# -I) is the one read, whether it includes it before or after
# altera_avalon_performance_counter.h (whose own #include "system.h"
# searches its directory, then the -iquote ones, then the -I ones), as
# "system.h" or as <system.h>; soc/fw/system.h is the one left when the
# program has none. The sources' directories are -iquote, for "...", and
# a directory of them that holds a system.h is -I too, for <system.h>:
# only that one, so that a header of the program named like a C library's
# does not take its place in <...>.
# $(call fw_program_cflags,<absolute sources>[,<the source compiled>])
fw_src_dirs = $(sort $(patsubst %/,%,$(dir $(1))))
fw_program_cflags = $(FW_BASE_CFLAGS) $(call fw_std,$(2)) $(addprefix -iquote ,$(call fw_src_dirs,$(1))) \
                    $(filter -I%,$(FW_USER_CFLAGS)) \
                    $(addprefix -I,$(patsubst %/system.h,%,$(wildcard $(addsuffix /system.h,$(call fw_src_dirs,$(1)))))) \
                    $(FW_INCLUDES) $(filter-out -I%,$(FW_USER_CFLAGS))
# The single RAM holds code and data, so its one segment is RWX on purpose.
FW_LDFLAGS := -nostartfiles -T$(FW_DIR)/link.ld -Wl,--build-id \
              -Wl,--defsym=__ram_size=$(RAM_BYTES) -Wl,--no-warn-rwx-segments

FW_ALL :=

# The default goal of a Makefile whose first target this is; each
# fw_program adds its files to it.
.PHONY: fw-all
fw-all:

# Entry/exit hooks (driver/include/perfscope_hooks.h): a profiling mode is
# the flags that instrument a program's own sources, $(FW_INSTR_<mode>), the
# hook library linked with it, $(FW_HOOKS_<mode>), and for some a step on the
# linked ELF, $(FW_PATCH_<mode>). The runtime, the driver and the hooks are
# never instrumented: the program's own sources are compiled on their own
# first (into <name>.objs/).
# The call trace's arguments (PERF_CALLTRACE_ARGS) need an entry nop to
# patch, and callers that keep nothing in temporaries across a call.
# hwtrace is the trace unit's one-store hooks: two nops before each entry
# (the function's exit), two at it, and every ret rewritten by `perfscope
# patch` (perfscope_hwtrace.h), which refuses tail calls; hwtrace_cyg the
# same unit through the compiler's hooks.
FW_INSTR_calltrace   := -finstrument-functions -fpatchable-function-entry=1 -fno-ipa-ra
FW_INSTR_funccost    := -finstrument-functions
FW_INSTR_profile     := -finstrument-functions
FW_INSTR_hot         := -pg
FW_INSTR_hwtrace     := -fpatchable-function-entry=4,2 -fno-optimize-sibling-calls
FW_INSTR_hwtrace_cyg := -finstrument-functions
FW_HOOKS_calltrace   := $(TOP)/driver/hooks/calltrace.c
FW_HOOKS_funccost    := $(TOP)/driver/hooks/funccost.c $(TOP)/driver/hooks/functable.c
FW_HOOKS_profile     := $(TOP)/driver/hooks/profile.c $(TOP)/driver/hooks/functable.c
FW_HOOKS_hot         := $(TOP)/driver/hooks/hot.c
FW_HOOKS_hwtrace     := $(TOP)/driver/hooks/hwtrace.c
FW_HOOKS_hwtrace_cyg := $(TOP)/driver/hooks/hwtrace.c
FW_TOOL              := $(TOP)/build/tools/perfscope
FW_PATCH_hwtrace     := $(FW_TOOL) patch

# The host tool, for the modes that patch; built by its own Makefile.
$(FW_TOOL): $(wildcard $(TOP)/tools/src/*.[ch] $(TOP)/driver/common/*.[ch])
	$(MAKE) -s -C $(TOP)/tools

# A string between single quotes in a recipe, whatever quotes it holds.
fw_quote = $(subst ','\'',$(1))
.PHONY: fw-force
fw-force:

# One line of a recipe per item of a $(foreach).
define fw_nl


endef

# A program's object files are named after their sources, in <name>.objs/;
# two sources of the same name (a/util.c, b/util.c) are named after their
# whole paths instead, so that neither overwrites the other:
# $(call fw_obj,<absolute source>,<every absolute source>).
fw_obj = $(if $(filter-out 1,$(words $(filter $(basename $(notdir $(1))),$(basename $(notdir $(2)))))),$(subst \
           /,_,$(patsubst /%,%,$(basename $(1)))),$(basename $(notdir $(1)))).o

# $(call fw_program,<name>,<sources>[,<instrumenting flags>,<more sources, not instrumented>[,<patch command>]])
# Sources may be relative to the including Makefile's directory: the compile
# runs in <name>.objs/, so they are made absolute first. The patch command
# runs as `<command> -o <name>.elf <name>.elf` after the link.
# <name>.flags holds what the program is built from besides the files' own
# contents: the flags and the sources' absolute paths, rewritten only when
# they change, so that a program rebuilds when they do (say FW_EXTRA_CFLAGS
# or FW_PRINTF on the command line, or another program of the same name
# built into the same FW_BUILD) and only then.
# <name>.d is every header the program's own compiles read (gcc -MMD, one
# .d per object, gathered out of <name>.objs/, which each build starts
# afresh): a program rebuilds when one changes, wherever it is. -MP keeps a
# deleted header from stopping make.
# The compile directory $(1) as "." in the debug information; given after
# FW_BASE_CFLAGS' map of the checkout, it wins for that directory (the last
# map that matches is the one used).
fw_here = -ffile-prefix-map=$(abspath $(1))=. -Wa,--debug-prefix-map=$(abspath $(1))=.
# What every program links besides its own sources: the runtime, the driver
# and $(1), the fw_program's more sources (hooks). Each is compiled in
# <name>.objs/rt/, the program's own in <name>.objs/; the link runs in the
# directory make runs in, so that the user's link flags (-L dir,
# -Wl,-Map=file) take their paths from there.
fw_rt_srcs = $(FW_RUNTIME) $(FW_DRIVER_SRCS) $(abspath $(1))
fw_rt_objs = $(foreach s,$(call fw_rt_srcs,$(2)),$(1)/rt/$(call fw_obj,$(s),$(call fw_rt_srcs,$(2))))

define fw_program
$(FW_BUILD)/$(1).flags: fw-force
	@mkdir -p $$(@D)
	@printf '%s\n' '$(call fw_quote,$(call fw_program_cflags,$(abspath $(2))) $(FW_WERROR) $(3) | $(FW_CFLAGS) \
	  | $(FW_LDFLAGS) | $(5) | $(abspath $(2)) | $(abspath $(4)) | $(FW_RUNTIME) $(FW_DRIVER_SRCS) | $(CROSS))' > $$@.tmp
	@if cmp -s $$@.tmp $$@; then rm -f $$@.tmp; else mv $$@.tmp $$@; fi
-include $(FW_BUILD)/$(1).d
$(FW_BUILD)/$(1).elf: $(abspath $(2) $(4)) $(FW_RUNTIME) $(FW_DRIVER_SRCS) $(FW_HEADERS) $(if $(5),$(firstword $(5))) \
                      $(FW_BUILD)/$(1).flags
	@rm -rf $$(@:.elf=.objs) && mkdir -p $$(@:.elf=.objs)/rt$(foreach s,$(abspath $(2)),$(fw_nl)	cd $$(@:.elf=.objs) && \
	  $(CROSS)gcc $(call fw_program_cflags,$(abspath $(2)),$(s)) $(FW_WERROR) $(3) $$(call fw_here,$$(@:.elf=.objs)) \
	  -MMD -MP -MT $$@ -c $(s) -o $(call fw_obj,$(s),$(abspath $(2))))$(foreach s,$(call fw_rt_srcs,$(4)),$(fw_nl)	cd \
	  $$(@:.elf=.objs)/rt && $(CROSS)gcc $(FW_CFLAGS) -Werror $$(call fw_here,$$(@:.elf=.objs)/rt) \
	  -c $(s) -o $(call fw_obj,$(s),$(call fw_rt_srcs,$(4))))
	@for d in $$(@:.elf=.objs)/*.d; do if [ -f "$$$$d" ]; then cat "$$$$d"; fi; done > $$(@:.elf=.d)
	$(CROSS)gcc $(FW_CFLAGS) -Werror $(FW_LDFLAGS) -o $$@ $$(call fw_rt_objs,$$(@:.elf=.objs),$(4)) \
	  $$(@:.elf=.objs)/*.o 2> $$@.ld; st=$$$$?; cat $$@.ld >&2; \
	  if [ $$$$st -ne 0 ] && grep -q "region .ram. overflowed" $$@.ld; then \
	  echo "fw.mk: $(1) does not fit the SoC's RAM_BYTES=$(RAM_BYTES): build and run it with a larger RAM_BYTES" \
	  "(make profile takes one for both)" >&2; fi; rm -f $$@.ld; exit $$$$st
	$(if $(5),$(5) -o $$@ $$@ >/dev/null || { rm -f $$@; exit 1; })
FW_ALL += $(FW_BUILD)/$(1).elf $(FW_BUILD)/$(1).hex $(FW_BUILD)/$(1).lst
fw-all: $(FW_BUILD)/$(1).elf $(FW_BUILD)/$(1).hex $(FW_BUILD)/$(1).lst
endef

# od prints the image as little-endian words, the CPU's byte order.
$(FW_BUILD)/%.hex: $(FW_BUILD)/%.elf
	$(CROSS)objcopy -O binary $< $(@:.hex=.bin)
	od --endian=little -An -tx4 -v -w4 $(@:.hex=.bin) | tr -d ' ' > $@.tmp
	mv $@.tmp $@

# From the checkout's top, where the sources' names in the debug
# information start.
$(FW_BUILD)/%.lst: $(FW_BUILD)/%.elf
	cd $(TOP) && $(CROSS)objdump -d -S $(abspath $<) > $(abspath $@)
