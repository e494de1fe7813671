// SPDX-License-Identifier: Apache-2.0
// UART transmitter of the perfscope SoC: 8 data bits, no parity, one stop
// bit (8N1), least significant bit first, line idle high.
//
// Every bit lasts exactly BAUD_DIV cycles. It holds one character at a
// time, with no FIFO: o_ready is high only while the line is idle, from the
// end of a stop bit until the next start bit. The SoC makes the CPU's
// CONSOLE store wait for o_ready (soc_top), so no character is dropped.
`default_nettype none

module soc_uart_tx #(
	parameter BAUD_DIV = 104   // clock cycles per bit (12 MHz / 115200 baud), 1..65535
) (
	input  wire       i_clk,
	input  wire       i_reset,     // synchronous, active high
	input  wire       i_valid,     // i_data is a character to send ...
	input  wire [7:0] i_data,
	output wire       o_ready,     // ... taken at the edge ending a cycle with both
	output reg        o_tx         // serial line
);

	// A BAUD_DIV outside 1..65535 stops elaboration (the module below exists
	// nowhere): the bit counter is 16 bits wide.
	generate
	if (BAUD_DIV < 1 || BAUD_DIV > 65535) begin : g_bad_baud_div
		soc_uart_tx_error_BAUD_DIV_must_be_1_to_65535 u_error ();
	end
	endgenerate

	localparam [15:0] DIV_LAST = BAUD_DIV[15:0] - 16'd1;

	reg [15:0] r_baud;   // cycles of the current bit still to come
	reg [3:0]  r_bits;   // bits on the line or still to come; 0: idle
	reg [8:0]  r_shift;  // the bits after the current one, next in bit 0

	assign o_ready = (r_bits == 4'd0);

	always @(posedge i_clk) begin
		if (i_reset) begin
			o_tx   <= 1'b1;
			r_bits <= 4'd0;
			r_baud <= 16'd0;
		end else if (o_ready) begin
			if (i_valid) begin
				o_tx    <= 1'b0;                 // start bit
				r_shift <= {1'b1, i_data};       // stop bit behind the data
				r_bits  <= 4'd10;
				r_baud  <= DIV_LAST;
			end
		end else if (r_baud != 16'd0) begin
			r_baud <= r_baud - 16'd1;
		end else begin
			// Shifting ones in leaves the line high once the stop bit ends.
			o_tx    <= r_shift[0];
			r_shift <= {1'b1, r_shift[8:1]};
			r_bits  <= r_bits - 4'd1;
			r_baud  <= DIV_LAST;
		end
	end

endmodule

`default_nettype wire
