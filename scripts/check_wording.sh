#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The docs speak of the product and name what they compare it with (the
# Nios II PCU, ARM's ITM): never of "the issue" or "the anchor" a figure
# came from, which mean nothing to a reader. History goes in CHANGELOG.md,
# which is held to the same words. One PASS or FAIL line.
set -u
cd "$(dirname "$0")/.." || exit 1
docs=(README.md CHANGELOG.md soc/README.md docs/*.md)
hits=$(grep -n -i -w -E 'the issue|anchor(s|ed)?' "${docs[@]}")
if [ -z "$hits" ]; then
  echo "PASS wording: ${#docs[@]} documents speak of the product, not of an issue or an anchor"
else
  echo "FAIL wording: ${hits//$'\n'/; }"
fi
