import { Col, Progress, Row, theme, Typography } from "antd";
import { QUOTA_LABELS } from "../../common/constants.ts";
import type { QuotaLimits } from "../api/member.ts";
import { quotaPercent, type QuotaStatus, quotaStatus } from "./quota_status.ts";

const TILES: { field: keyof QuotaLimits; label: string }[] = [
  { field: "pdfConvertLimit", label: QUOTA_LABELS.pdf_convert },
  { field: "mediationLimit", label: QUOTA_LABELS.mediation },
  { field: "aiLimit", label: QUOTA_LABELS.ai },
];

/**
 * The three remaining-use tiles (PDF conversion, document generation, AI) on a 1000 scale, coloured
 * by the part 3 §4 thresholds. Each tile is a labelled group so pages and tests can find its figure.
 */
export function QuotaTiles({ limits }: { limits: QuotaLimits | null }) {
  const { token } = theme.useToken();
  // antd's Progress has no "warning" status: the three states are drawn with the theme's colours.
  const colors: Record<QuotaStatus, string> = {
    exception: token.colorError,
    warning: token.colorWarning,
    success: token.colorSuccess,
  };
  return (
    <Row gutter={[24, 24]}>
      {TILES.map(({ field, label }) => {
        const left = limits?.[field] ?? 0;
        const status = quotaStatus(left);
        return (
          <Col key={field} xs={24} sm={8} style={{ textAlign: "center" }}>
            <div role="group" aria-label={`${label}剩余次数`} data-status={limits ? status : ""}>
              <Progress
                type="dashboard"
                percent={quotaPercent(left)}
                status={limits && status === "exception" ? "exception" : "normal"}
                strokeColor={limits ? colors[status] : undefined}
                format={() => (limits ? <span data-testid={`quota-${field}`}>{left}</span> : "-")}
              />
              <Typography.Title level={5} style={{ marginTop: 8, marginBottom: 0 }}>{label}</Typography.Title>
              <Typography.Text type="secondary">剩余 {limits ? left : "-"} 次</Typography.Text>
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
