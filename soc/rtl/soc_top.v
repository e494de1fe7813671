// SPDX-License-Identifier: Apache-2.0
// perfscope reference SoC: a VexRiscv CPU, on-chip RAM, a few I/O registers
// and the window of perfscope on a Wishbone classic interconnect. Memory
// map, timing rules and ports are described in soc/README.md.
//
// The CPU's two buses are served separately: the instruction bus only ever
// reaches RAM port A; the data bus is decoded by address bit 31 into RAM
// port B (low half) or the I/O region (high half). Every slave answers one
// request at a time and every access is acked, mapped or not, so the bus
// never hangs and timings are deterministic.
//
// perfscope itself sits outside, on the o_perf_* port (soc_perf.v), so
// that the simulation wrapper (soc_sim_top.v) can watch that port and take
// it over without this module carrying ports a board leaves unused. The
// CPU is soc/vexriscv_retire.py's edit of the package's, whose retire
// stream leaves on the o_rt_* port for perfscope's retire tap.
//
// On a board, the console also goes out on a serial line (BAUD_DIV != 0):
// a CONSOLE store then waits until the UART transmitter takes its
// character. With BAUD_DIV = 0, as in the Verilator simulation, there is no
// transmitter and every access keeps its one-cycle timing.
`default_nettype none

module soc_top #(
	parameter RAM_BYTES = 65536,
	parameter FIRMWARE  = "",      // $readmemh image, for FPGA flows
	parameter BAUD_DIV  = 0,       // clock cycles per UART bit; 0: no UART
	parameter SPRAM     = 0        // 1: the iCE40 UP5K's SPRAM (syn/ice40/soc_spram.v)
) (
	input  wire        i_clk,
	input  wire        i_reset,          // synchronous, active high
	// RAM loader, for boards whose bitstream cannot preload the RAM: while
	// i_reset is high, every cycle with i_load_we writes one word
	input  wire        i_load_we,
	input  wire [29:0] i_load_addr,      // word address
	input  wire [31:0] i_load_data,
	output wire        o_uart_tx,        // the console, 8N1, idle high
	output wire        o_exit_valid,     // firmware wrote SIMCTRL
	output wire [31:0] o_exit_code,
	// perfscope's window, 0x8000_0000 and 0xFFFF_FF00, 256 bytes: the
	// data bus as a Wishbone pipelined master (soc/README.md)
	input  wire        i_perf_mapped,    // low: the window is unmapped I/O
	output wire        o_perf_cyc,
	output wire        o_perf_stb,
	output wire        o_perf_we,
	output wire [5:0]  o_perf_addr,      // word offset inside the window
	output wire [31:0] o_perf_wdata,
	output wire [3:0]  o_perf_sel,
	input  wire        i_perf_ack,
	input  wire [31:0] i_perf_rdata,
	// The CPU's retire stream, for perfscope's retire tap (docs/retire.md)
	output wire        o_rt_firing,      // an instruction retires ...
	output wire [31:0] o_rt_pc,          // ... at this address ...
	output wire [31:0] o_rt_insn,        // ... with this code
	output wire        o_rt_trap         // the CPU jumps to its trap vector
);

	// RAM_BYTES out of range stops elaboration in soc_ram, which checks it.

	// ------------------------------------------------------------------
	// CPU
	// ------------------------------------------------------------------
	wire        ibus_cyc, ibus_stb, ibus_we, ibus_ack;
	wire [29:0] ibus_adr;
	wire [31:0] ibus_rdata, ibus_wdata;
	wire [3:0]  ibus_sel;
	wire [2:0]  ibus_cti;
	wire [1:0]  ibus_bte;

	wire        dbus_cyc, dbus_stb, dbus_we, dbus_ack;
	wire [29:0] dbus_adr;
	wire [31:0] dbus_rdata, dbus_wdata;
	wire [3:0]  dbus_sel;
	wire [2:0]  dbus_cti;
	wire [1:0]  dbus_bte;

	wire        timer_irq;

	VexRiscv u_cpu (
		.clk                    (i_clk),
		.reset                  (i_reset),
		.externalResetVector    (32'h0000_0000),
		.timerInterrupt         (timer_irq),
		.softwareInterrupt      (1'b0),
		.externalInterruptArray (32'd0),
		.iBusWishbone_CYC       (ibus_cyc),
		.iBusWishbone_STB       (ibus_stb),
		.iBusWishbone_ACK       (ibus_ack),
		.iBusWishbone_WE        (ibus_we),
		.iBusWishbone_ADR       (ibus_adr),
		.iBusWishbone_DAT_MISO  (ibus_rdata),
		.iBusWishbone_DAT_MOSI  (ibus_wdata),
		.iBusWishbone_SEL       (ibus_sel),
		.iBusWishbone_ERR       (1'b0),
		.iBusWishbone_CTI       (ibus_cti),
		.iBusWishbone_BTE       (ibus_bte),
		.dBusWishbone_CYC       (dbus_cyc),
		.dBusWishbone_STB       (dbus_stb),
		.dBusWishbone_ACK       (dbus_ack),
		.dBusWishbone_WE        (dbus_we),
		.dBusWishbone_ADR       (dbus_adr),
		.dBusWishbone_DAT_MISO  (dbus_rdata),
		.dBusWishbone_DAT_MOSI  (dbus_wdata),
		.dBusWishbone_SEL       (dbus_sel),
		.dBusWishbone_ERR       (1'b0),
		.dBusWishbone_CTI       (dbus_cti),
		.dBusWishbone_BTE       (dbus_bte),
		.retire_firing          (o_rt_firing),
		.retire_pc              (o_rt_pc),
		.retire_instruction     (o_rt_insn),
		.retire_trap            (o_rt_trap)
	);

	// Slaves ignore burst hints (each beat is a classic cycle) and the
	// instruction bus never writes.
	// verilator lint_off UNUSEDSIGNAL
	wire unused_ok = &{1'b0, ibus_we, ibus_wdata, ibus_sel, ibus_cti, ibus_bte,
	                   dbus_cti, dbus_bte};
	// verilator lint_on UNUSEDSIGNAL

	// ------------------------------------------------------------------
	// Data-bus decode (word address: byte address bits 31:2)
	// ------------------------------------------------------------------
	wire dbus_req = dbus_cyc & dbus_stb;
	wire dbus_io  = dbus_adr[29];                          // 0x8000_0000 and up
	// perfscope's window is also at the top of the address space, where a
	// store off x0 (sw a0, -112(x0)) reaches it with no base register: a
	// hardware trace hook is then that one instruction (docs/hooks.md).
	wire perf_low  = dbus_adr[29:6]  == 24'h80_0000;              // 0x8000_0000, 256 B
	wire perf_top  = &dbus_adr[29:6];                            // 0xFFFF_FF00, 256 B
	wire hit_perf  = (perf_low || perf_top) && i_perf_mapped;
	wire hit_sys   = dbus_adr[29:10] == 20'h8_0001;              // 0x8000_1000, 4 KiB
	wire hit_timer = dbus_adr[29:10] == 20'h8_0002;              // 0x8000_2000, 4 KiB
	wire hit_none  = dbus_io && !hit_perf && !hit_sys && !hit_timer;

	wire        ram_b_ack, sys_ack, timer_ack;
	wire        console_valid, console_ready;
	wire [7:0]  console_data;
	wire [31:0] ram_b_rdata, sys_rdata, timer_rdata;
	reg         none_ack;

	// The master holds its address until the ack, so the decode of the
	// current address also selects the answer.
	// An unmapped window's acks are not the CPU's.
	assign dbus_ack = ram_b_ack | (i_perf_ack & i_perf_mapped) | sys_ack | timer_ack | none_ack;
	assign dbus_rdata = !dbus_io  ? ram_b_rdata  :
	                    hit_perf  ? i_perf_rdata :
	                    hit_sys   ? sys_rdata   :
	                    hit_timer ? timer_rdata : 32'd0;

	// A fetch or data access in the RAM's half of the address space at or
	// above RAM_BYTES, which reads 0: the simulator stops the program there
	// (sim/main.cpp), one linked for a bigger RAM (its stack) or a wild
	// pointer. Read by name; synthesis leaves it out.
	localparam integer RAM_WORDS = RAM_BYTES / 4;
	wire        ibus_over = ibus_cyc && ibus_stb && ibus_adr >= RAM_WORDS[29:0];
	wire        dbus_over = dbus_req && !dbus_io && dbus_adr >= RAM_WORDS[29:0];
	wire        ram_over      /* verilator public_flat_rd */ = ibus_over || dbus_over;
	wire [31:0] ram_over_addr /* verilator public_flat_rd */ = {ibus_over ? ibus_adr : dbus_adr, 2'b00};

	// Unmapped I/O: ack one cycle after the request with data 0.
	always @(posedge i_clk)
		if (i_reset)
			none_ack <= 1'b0;
		else
			none_ack <= dbus_req & hit_none & ~none_ack;

	// ------------------------------------------------------------------
	// Slaves
	// ------------------------------------------------------------------
	soc_ram #(
		.RAM_BYTES (RAM_BYTES),
		.FIRMWARE  (FIRMWARE),
		.SPRAM     (SPRAM)
	) u_ram (
		.i_clk    (i_clk),
		.i_reset  (i_reset),
		.i_a_stb  (ibus_cyc & ibus_stb),
		.i_a_addr (ibus_adr),
		.o_a_ack  (ibus_ack),
		.o_a_data (ibus_rdata),
		// The loader writes only while the CPU is held in reset, when the
		// data bus is idle and the RAM acks nothing.
		.i_b_stb  (i_load_we | (dbus_req & !dbus_io)),
		.i_b_we   (i_load_we | dbus_we),
		.i_b_addr (i_load_we ? i_load_addr : dbus_adr),
		.i_b_data (i_load_we ? i_load_data : dbus_wdata),
		.i_b_sel  (i_load_we ? 4'hf : dbus_sel),
		.o_b_ack  (ram_b_ack),
		.o_b_data (ram_b_rdata)
	);

	soc_sysctl u_sysctl (
		.i_clk           (i_clk),
		.i_reset         (i_reset),
		.i_stb           (dbus_req & hit_sys),
		.i_we            (dbus_we),
		.i_addr          (dbus_adr[9:0]),
		.i_data          (dbus_wdata),
		.i_sel           (dbus_sel),
		.i_console_ready (console_ready),
		.o_ack           (sys_ack),
		.o_data          (sys_rdata),
		.o_console_valid (console_valid),
		.o_console_data  (console_data),
		.o_exit_valid    (o_exit_valid),
		.o_exit_code     (o_exit_code)
	);

	generate
	if (BAUD_DIV != 0) begin : g_uart
		wire uart_ready;

		soc_uart_tx #(.BAUD_DIV(BAUD_DIV)) u_uart (
			.i_clk   (i_clk),
			.i_reset (i_reset),
			.i_valid (console_valid),
			.i_data  (console_data),
			.o_ready (uart_ready),
			.o_tx    (o_uart_tx)
		);
		// The character written last is still on its way to the
		// transmitter while console_valid is high.
		assign console_ready = uart_ready & ~console_valid;
	end else begin : g_no_uart
		assign o_uart_tx     = 1'b1;
		assign console_ready = 1'b1;
		// Without a UART the characters leave only through the simulation
		// wrapper, which watches these signals (soc_sim_top.v).
		// verilator lint_off UNUSEDSIGNAL
		wire unused_console = &{1'b0, console_valid, console_data};
		// verilator lint_on UNUSEDSIGNAL
	end
	endgenerate

	soc_timer u_timer (
		.i_clk   (i_clk),
		.i_reset (i_reset),
		.i_stb   (dbus_req & hit_timer),
		.i_we    (dbus_we),
		.i_addr  (dbus_adr[9:0]),
		.i_data  (dbus_wdata),
		.i_sel   (dbus_sel),
		.o_ack   (timer_ack),
		.o_data  (timer_rdata),
		.o_irq   (timer_irq)
	);

	// perfscope is a pipelined slave; a classic master drives it directly
	// because it stalls from acceptance through the ack, so a held STB is
	// accepted once. Its cyc is qualified by the decode too, so the port
	// carries only perfscope's own traffic.
	assign o_perf_cyc   = dbus_cyc & hit_perf;
	assign o_perf_stb   = dbus_req & hit_perf;
	assign o_perf_we    = dbus_we;
	assign o_perf_addr  = dbus_adr[5:0];
	assign o_perf_wdata = dbus_wdata;
	assign o_perf_sel   = dbus_sel;

endmodule

`default_nettype wire
