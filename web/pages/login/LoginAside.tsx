import type { PublicSettings } from "../../../common/schemas/settings.ts";
import type { LoginFeature } from "../../api/settings.ts";
import { FeatureIcon } from "../../components/feature_icons.tsx";
import { parseFooterLinks } from "../../components/site_settings.ts";

interface AsideProps {
  title: string;
  subtitle: string;
  logoUrl: string;
  features: LoginFeature[];
}

/** The configurable login title, subtitle and feature list (icon and title per entry). */
export function LoginAside({ title, subtitle, logoUrl, features }: AsideProps) {
  return (
    <section style={{ color: "#fff", width: 440, maxWidth: "100%" }}>
      {logoUrl && (
        <img src={logoUrl} alt="logo" style={{ height: 56, marginBottom: 16, objectFit: "contain" }} />
      )}
      <h1 style={{ fontSize: 34, fontWeight: 700, margin: "0 0 12px", lineHeight: 1.3 }}>{title}</h1>
      {subtitle && <p style={{ fontSize: 16, margin: "0 0 32px", opacity: 0.85 }}>{subtitle}</p>}
      {features.length > 0 && (
        <ul
          aria-label="系统功能"
          style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 14 }}
        >
          {features.map((feature) => (
            <li key={feature.id} style={{ display: "flex", alignItems: "center", gap: 12, fontSize: 16 }}>
              <span
                style={{
                  width: 36,
                  height: 36,
                  borderRadius: 8,
                  background: "rgba(255, 255, 255, 0.16)",
                  display: "inline-flex",
                  alignItems: "center",
                  justifyContent: "center",
                  fontSize: 18,
                }}
              >
                <FeatureIcon name={feature.icon} />
              </span>
              {feature.title}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Footer links, copyright text and ICP record number (part 1 §2). */
export function LoginFooter({ settings }: { settings: PublicSettings | null }) {
  const links = parseFooterLinks(settings?.footer_links);
  const copyright = settings?.footer_copyright ?? "";
  const icp = settings?.footer_icp ?? "";
  if (links.length === 0 && !copyright && !icp) return null;
  const linkStyle = { color: "rgba(255, 255, 255, 0.85)" };
  return (
    <footer
      style={{
        textAlign: "center",
        padding: "16px 24px 24px",
        color: "rgba(255, 255, 255, 0.75)",
        fontSize: 13,
      }}
    >
      {links.length > 0 && (
        <nav
          aria-label="页脚链接"
          style={{ display: "flex", justifyContent: "center", gap: 20, marginBottom: 8 }}
        >
          {links.map((link) => (
            <a
              key={`${link.text}|${link.url}`}
              href={link.url}
              target="_blank"
              rel="noreferrer"
              style={linkStyle}
            >
              {link.text}
            </a>
          ))}
        </nav>
      )}
      {(copyright || icp) && (
        <div style={{ display: "flex", justifyContent: "center", gap: 16, flexWrap: "wrap" }}>
          {copyright && <span>{copyright}</span>}
          {icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" style={linkStyle}>
              {icp}
            </a>
          )}
        </div>
      )}
    </footer>
  );
}
