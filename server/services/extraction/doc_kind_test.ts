import assert from "node:assert/strict";
import { rankOfKind } from "./authority.ts";
import { classifyDocument } from "./doc_kind.ts";
import { docOf } from "./test_docs.ts";

Deno.test("classifyDocument: the printed title first, then the file name, then the content", () => {
  const kind = (name: string, lines: string[]) => classifyDocument(docOf(name, lines));
  assert.equal(kind("扫描件001.pdf", ["民事判决书", "（2024）京0105民初123号"]), "判决书");
  assert.equal(kind("证据3.pdf", ["借 条", "今借到张三人民币壹万元整"]), "借条");
  assert.equal(kind("证据-借条.jpg", ["今借到张三人民币壹万元整"]), "借条");
  assert.equal(kind("王五身份证.jpg", ["姓名 王五"]), "身份证");
  assert.equal(
    kind("IMG_0001.jpg", ["姓名 王五", "出生 1980年1月1日", "公民身份号码 11010519491231002X"]),
    "身份证",
  );
  assert.equal(kind("营业执照副本.jpg", ["营业执照"]), "营业执照");
  assert.equal(kind("a.docx", ["人民调解协议书", "编号：某调字〔2024〕第1号"]), "调解协议");
  assert.equal(kind("a.docx", ["人民调解申请书"]), "调解申请书");
  assert.equal(kind("01-起诉状.docx", ["民事起诉状"]), "起诉状");
  assert.equal(kind("转账记录.xlsx", ["序号：1，交易金额：100"]), "转账记录");
  assert.equal(kind("银行流水明细.pdf", ["某银行单位账户交易明细"]), "银行流水");
  assert.equal(kind("x.pdf", ["送达地址确认书"]), "送达地址确认书");
  assert.equal(kind("律师函（催款）.pdf", ["某律师事务所", "律 师 函"]), "律师函");
  assert.equal(kind("random.pdf", ["无关内容"]), "其他");
});

Deno.test("authority ranks: certificates 1, court 2, signed 3, records 4, one side's 5, unknown 6", () => {
  assert.deepEqual(
    [
      "身份证",
      "营业执照",
      "判决书",
      "调解书",
      "借款合同",
      "借条",
      "调解协议",
      "送达地址确认书",
      "授权委托书",
      "转账记录",
      "银行流水",
      "起诉状",
      "调解申请书",
      "律师函",
      "其他",
    ]
      .map(rankOfKind),
    [1, 1, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 5, 5, 6],
  );
});
