/**
 * The one authority table: which kind of document wins when two files of a case disagree (issue #10 §4).
 * The general legal principle of evidence weight, in five ranks:
 *   1 official certificates (身份证, 户口簿, 营业执照, 企业信用信息公示报告)
 *   2 court documents (民事判决书, 民事调解书, 受理通知书, 传票)
 *   3 documents both sides signed (借款合同, 借条/借据/收条, 调解协议, 送达地址确认书 signed by the party it describes,
 *     授权委托书)
 *   4 transaction records (转账记录, 银行流水, 还款明细)
 *   5 documents one side wrote (起诉状, 调解申请书, 律师函, 催款函)
 * Unknown kinds rank 6. Lower rank wins; equal ranks are decided by confidence.
 */

export const DOC_KIND_RANK: Record<string, number> = {
  身份证: 1,
  户口簿: 1,
  营业执照: 1,
  企业信用信息公示报告: 1,
  判决书: 2,
  调解书: 2,
  裁定书: 2,
  受理通知书: 2,
  传票: 2,
  借款合同: 3,
  借条: 3,
  调解协议: 3,
  送达地址确认书: 3,
  授权委托书: 3,
  担保合同: 3,
  转账记录: 4,
  银行流水: 4,
  还款记录: 4,
  起诉状: 5,
  调解申请书: 5,
  律师函: 5,
  催款函: 5,
  答辩状: 5,
};

export const UNKNOWN_RANK = 6;

/** The authority rank of a document kind (1 = most authoritative). */
export function rankOfKind(kind: string | undefined): number {
  return kind ? DOC_KIND_RANK[kind] ?? UNKNOWN_RANK : UNKNOWN_RANK;
}
