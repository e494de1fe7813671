// SPDX-License-Identifier: Apache-2.0
// perfscope SoC on the ULX3S 85F (ECP5 LFE5U-85F-6BG381C): VexRiscv_Full,
// perfscope with its trace unit and retire tap, 64 KiB of block RAM preloaded with the
// firmware by the bitstream, and the console on the FTDI's serial port at
// 115200 baud, 8N1. The trace records leave on GP0 (J1 pin 5) at 3 Mbaud
// (2% slow), 8N1, for a USB-serial adapter of their own (docs/fpga.md).
//
// The PLL makes 50 MHz from the board's 25 MHz, the clock the demo's report
// assumes, so its times in seconds are right. Reset: power-up, PLL lock, or
// the FIRE1 button. LED 0: the firmware exited with 0; LED 1: it exited
// with another code.
`default_nettype none

module ulx3s_top #(
	parameter PERF_SECTIONS = 7,    // 0: the SoC without perfscope (make bench-fpga)
	parameter BAUD_DIV      = 434,  // 50 MHz / 115200 baud (0.01% slow)
	parameter TRACE_DEPTH   = 4096, // trace FIFO records, the most perfscope takes: 16 of the 208 block RAMs; 0: none
	parameter TRACE_BAUD_DIV = 17,  // 50 MHz / 3 Mbaud = 16.7: 2.94 Mbaud, 2.0% slow
	parameter FIRMWARE      = "",   // $readmemh image in the RAM
	// The retire tap (docs/retire.md), all of it: call detection, the largest
	// histogram (8 block RAMs) and a trigger for each section
	parameter RETIRE        = 1,
	parameter HIST_BUCKETS  = 4096,
	parameter TRIGGERS      = 7
) (
	input  wire       clk_25mhz,
	input  wire [1:1] btn,         // FIRE1, high when pressed: restart
	output wire       ftdi_rxd,    // to the FTDI: the console
	output wire [0:0] gp,          // GP0, J1 pin 5: the trace records
	output wire [7:0] led,
	output wire       wifi_gpio0   // held high so the ESP32 leaves the FPGA alone
);

	// 25 MHz in, VCO 600 MHz, 50 MHz out (parameters from ecppll -i 25 -o 50).
	// Only CLKOP is used; the other outputs and their enables stay open.
	wire clk, locked;
	/* verilator lint_off PINMISSING */
	(* FREQUENCY_PIN_CLKI="25" *)
	(* FREQUENCY_PIN_CLKOP="50" *)
	(* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
	EHXPLLL #(
		.PLLRST_ENA      ("DISABLED"),
		.INTFB_WAKE      ("DISABLED"),
		.STDBY_ENABLE    ("DISABLED"),
		.DPHASE_SOURCE   ("DISABLED"),
		.OUTDIVIDER_MUXA ("DIVA"),
		.OUTDIVIDER_MUXB ("DIVB"),
		.OUTDIVIDER_MUXC ("DIVC"),
		.OUTDIVIDER_MUXD ("DIVD"),
		.CLKI_DIV        (1),
		.CLKOP_ENABLE    ("ENABLED"),
		.CLKOP_DIV       (12),
		.CLKOP_CPHASE    (5),
		.CLKOP_FPHASE    (0),
		.FEEDBK_PATH     ("CLKOP"),
		.CLKFB_DIV       (2)
	) u_pll (
		.RST          (1'b0),
		.STDBY        (1'b0),
		.CLKI         (clk_25mhz),
		.CLKOP        (clk),
		.CLKFB        (clk),
		.PHASESEL0    (1'b0),
		.PHASESEL1    (1'b0),
		.PHASEDIR     (1'b1),
		.PHASESTEP    (1'b1),
		.PHASELOADREG (1'b1),
		.PLLWAKESYNC  (1'b0),
		.ENCLKOP      (1'b0),
		.LOCK         (locked)
	);
	/* verilator lint_on PINMISSING */

	// Reset until the PLL has locked and 15 cycles more; the button is
	// synchronized first.
	reg [3:0] r_por = 4'd0;
	reg [1:0] r_btn = 2'd0;
	always @(posedge clk) begin
		r_btn <= {r_btn[0], btn[1]};
		if (!locked || r_btn[1])
			r_por <= 4'd0;
		else if (r_por != 4'hf)
			r_por <= r_por + 4'd1;
	end
	wire reset = (r_por != 4'hf);

	wire exited, passed;
	board_soc #(
		.PERF_SECTIONS (PERF_SECTIONS),
		.BAUD_DIV      (BAUD_DIV),
		.TRACE_DEPTH   (TRACE_DEPTH),
		.TRACE_BAUD_DIV(TRACE_BAUD_DIV),
		.RETIRE        (RETIRE),
		.HIST_BUCKETS  (HIST_BUCKETS),
		.TRIGGERS      (TRIGGERS),
		.FIRMWARE      (FIRMWARE)
	) u_board (
		.i_clk       (clk),
		.i_reset     (reset),
		.i_load_we   (1'b0),
		.i_load_addr (30'd0),
		.i_load_data (32'd0),
		.o_uart_tx   (ftdi_rxd),
		.o_trace_tx  (gp[0]),
		.o_exited    (exited),
		.o_passed    (passed)
	);

	assign led        = {6'd0, exited && !passed, exited && passed};
	assign wifi_gpio0 = 1'b1;

endmodule

`default_nettype wire
