/** The temperature's label (part 3 §5): up to 0.3 保守, up to 0.7 平衡, above that 创意. */
export function temperatureLabel(value: number): "保守" | "平衡" | "创意" {
  if (value <= 0.3 + 1e-9) return "保守";
  if (value <= 0.7 + 1e-9) return "平衡";
  return "创意";
}
