import { Button, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { errorText } from "../api/client.ts";

type Box = [number, number, number, number];

/** A page as an image (a data URL) and the factor from the source's boxes to its pixels. */
export interface SourcePage {
  image: string;
  width: number;
  height: number;
  boxScale: number;
}

/** The page image shown at `scale`, with `boxes` (in the image's pixels) marked. */
function Marked(
  { page, boxes, view, scale }: { page: SourcePage; boxes: Box[]; view: Box; scale: number },
) {
  const [x0, y0, x1, y1] = view;
  return (
    <div
      style={{
        position: "relative",
        overflow: "hidden",
        width: (x1 - x0) * scale,
        height: (y1 - y0) * scale,
        maxWidth: "100%",
        border: "1px solid #d9d9d9",
      }}
    >
      <img
        src={page.image}
        alt="原图"
        style={{
          position: "absolute",
          left: -x0 * scale,
          top: -y0 * scale,
          width: page.width * scale,
          height: page.height * scale,
          maxWidth: "none",
        }}
      />
      {boxes.map((box, i) => (
        <div
          key={i}
          data-testid="source-box"
          style={{
            position: "absolute",
            left: (box[0] - x0) * scale - 2,
            top: (box[1] - y0) * scale - 2,
            width: (box[2] - box[0]) * scale + 4,
            height: (box[3] - box[1]) * scale + 4,
            border: "2px solid #f5222d",
            boxSizing: "border-box",
          }}
        />
      ))}
    </div>
  );
}

/**
 * Where a value was read (issue #27 item 4): a crop of the page around the source's box with the box
 * marked (each line's box, for a value over several lines), and 查看整页 with the whole page. Loaded on
 * demand through `load` (the page is rendered on the server); used by /ocr-extract and /custom-ocr.
 */
export function SourceCrop(
  { page, box, boxes, load: loadPage, maxWidth = 560 }: {
    page: number;
    /** The source's box (the union of its lines' boxes), in the page's box space. */
    box: Box;
    /** Each line's box, when the value runs over several lines. */
    boxes?: Box[];
    load: () => Promise<SourcePage>;
    /** The crop's widest size in pixels (a table cell is narrower than a dialog). */
    maxWidth?: number;
  },
) {
  const [loaded, setLoaded] = useState<SourcePage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [whole, setWhole] = useState(false);

  async function load() {
    setLoading(true);
    setError(null);
    try {
      setLoaded(await loadPage());
    } catch (err) {
      setError(errorText(err, "无法显示原图"));
    } finally {
      setLoading(false);
    }
  }

  if (!loaded) {
    return (
      <Space>
        <Button size="small" type="link" loading={loading} onClick={(e) => (e.preventDefault(), void load())}>
          查看原图位置
        </Button>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    );
  }
  const s = loaded.boxScale;
  const scaled = (b: Box): Box => [b[0] * s, b[1] * s, b[2] * s, b[3] * s];
  const marked = scaled(box);
  const lines = (boxes?.length ? boxes : [box]).map(scaled);
  const lineHeight = Math.min(...lines.map((b) => b[3] - b[1]));
  const margin = Math.max(24, lineHeight * 1.5);
  const view: Box = [
    Math.max(0, marked[0] - margin),
    Math.max(0, marked[1] - margin),
    Math.min(loaded.width, marked[2] + margin),
    Math.min(loaded.height, marked[3] + margin),
  ];
  const cropScale = Math.min(1, maxWidth / Math.max(1, view[2] - view[0]));
  return (
    <Space orientation="vertical" size={4} onClick={(e) => e.preventDefault()}>
      <Marked page={loaded} boxes={lines} view={view} scale={cropScale} />
      <Button size="small" type="link" onClick={() => setWhole(true)}>查看整页</Button>
      <Modal
        open={whole}
        title={`第${page}页`}
        footer={null}
        width="min(960px, 100vw)"
        onCancel={() => setWhole(false)}
      >
        <Marked
          page={loaded}
          boxes={lines}
          view={[0, 0, loaded.width, loaded.height]}
          scale={Math.min(1, 900 / loaded.width)}
        />
      </Modal>
    </Space>
  );
}
