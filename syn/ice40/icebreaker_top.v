// SPDX-License-Identifier: Apache-2.0
// perfscope SoC on the iCEBreaker (iCE40 UP5K-SG48): VexRiscv_Lite,
// perfscope with its trace unit and retire tap, 64 KiB of SPRAM and the console on the
// FTDI's serial port at 115200 baud, 8N1, all on the board's 12 MHz clock
// (no PLL: the SoC's fmax on the UP5K leaves little above it,
// docs/fpga.md). The trace records leave on PMOD 1A pin 1 at 3 Mbaud, 8N1,
// for a USB-serial adapter of their own (docs/fpga.md, "The trace line").
//
// After power-up or a press of the user button the flash loader copies the
// firmware from the SPI flash at 1 MiB into the SPRAM, holding the SoC in
// reset; then the CPU starts at 0. Red LED: loading, or the firmware exited
// with a non-zero code; green LED: it exited with 0.
`default_nettype none

module icebreaker_top #(
	parameter PERF_SECTIONS = 7,    // 0: the SoC without perfscope (make bench-fpga)
	parameter BAUD_DIV      = 104,  // 12 MHz / 115200 baud (0.2% fast)
	parameter TRACE_DEPTH   = 1024, // trace FIFO records, the most the block RAMs hold beside VexRiscv_Min and perfscope; 0: none
	parameter TRACE_BAUD_DIV = 4,   // 12 MHz / 3 Mbaud, exact
	// The retire tap (docs/retire.md): call detection, and the histogram the
	// UP5K's block RAMs hold beside the trace FIFO (2 of its 30); its
	// triggers would be more logic cells than the UP5K has left
	parameter RETIRE        = 1,
	parameter HIST_BUCKETS  = 256,
	parameter TRIGGERS      = 0
) (
	input  wire CLK,          // 12 MHz
	input  wire BTN_N,        // user button, low when pressed: reload and restart
	output wire TX,           // to the FTDI: the console
	output wire TRACE,        // PMOD 1A pin 1: the trace records
	output wire LEDR_N,
	output wire LEDG_N,
	output wire FLASH_SSB,
	output wire FLASH_SCK,
	output wire FLASH_IO0,    // to the flash (MOSI)
	input  wire FLASH_IO1     // from the flash (MISO)
);

	// Power-on reset: iCE40 flip-flops start at 0 after configuration.
	reg [3:0] r_por = 4'd0;
	reg [1:0] r_btn = 2'd0;   // synchronizer, 1 = pressed
	always @(posedge CLK) begin
		if (r_por != 4'hf)
			r_por <= r_por + 4'd1;
		r_btn <= {r_btn[0], ~BTN_N};
	end
	wire load_reset = (r_por != 4'hf) || r_btn[1];

	wire        loading, load_we;
	wire [29:0] load_addr;
	wire [31:0] load_data;

	flash_loader #(
		.FLASH_ADDR  (24'h10_0000),
		.WORDS       (16384),
		.WAKE_CYCLES (64)
	) u_loader (
		.i_clk      (CLK),
		.i_reset    (load_reset),
		.o_busy     (loading),
		.o_we       (load_we),
		.o_addr     (load_addr),
		.o_data     (load_data),
		.o_spi_csn  (FLASH_SSB),
		.o_spi_sck  (FLASH_SCK),
		.o_spi_mosi (FLASH_IO0),
		.i_spi_miso (FLASH_IO1)
	);

	wire exited, passed;
	board_soc #(
		.PERF_SECTIONS (PERF_SECTIONS),
		.BAUD_DIV      (BAUD_DIV),
		.TRACE_DEPTH   (TRACE_DEPTH),
		.TRACE_BAUD_DIV(TRACE_BAUD_DIV),
		.RETIRE        (RETIRE),
		.HIST_BUCKETS  (HIST_BUCKETS),
		.TRIGGERS      (TRIGGERS),
		.FIRMWARE      (""),
		.SPRAM         (1)        // the block RAMs are too small for the demo
	) u_board (
		.i_clk       (CLK),
		.i_reset     (load_reset || loading),
		.i_load_we   (load_we),
		.i_load_addr (load_addr),
		.i_load_data (load_data),
		.o_uart_tx   (TX),
		.o_trace_tx  (TRACE),
		.o_exited    (exited),
		.o_passed    (passed)
	);

	assign LEDR_N = !(loading || (exited && !passed));
	assign LEDG_N = !(exited && passed);

endmodule

`default_nettype wire
