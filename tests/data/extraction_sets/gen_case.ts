/**
 * A generated case (make_set2.ts, the class tests): parties, loan terms, court and case number drawn from the
 * seeded picker, so a case is the same on every run.
 */
import type { Case, Party } from "./gen_docs.ts";
import {
  address,
  bankBranch,
  companyName,
  creditCode,
  dateAdd,
  idNumber,
  personName,
  phone,
  type Pick,
  PLACES,
} from "./gen_values.ts";

export function person(p: Pick): Party {
  const place = p.of(PLACES);
  const sex = p.chance(0.5) ? "男" : "女";
  const { id, birth } = idNumber(p, place, sex);
  return {
    kind: "person",
    name: personName(p),
    id,
    sex,
    birth,
    phone: phone(p),
    address: address(p, place),
    lives: address(p, p.of(PLACES)),
    place,
  };
}

export function company(p: Pick, bank: boolean): Party {
  const place = p.of(PLACES);
  return {
    kind: bank ? "bank" : "company",
    name: bank ? bankBranch(p, place) : companyName(p, place),
    credit: creditCode(p, place),
    rep: personName(p),
    phone: phone(p),
    address: address(p, place),
    lives: address(p, place),
    place,
  };
}

export function makeCase(i: number, p: Pick, creditorKind: Party["kind"]): Case {
  const creditor = creditorKind === "person" ? person(p) : company(p, creditorKind === "bank");
  const debtor = person(p);
  let guarantor = person(p);
  while (guarantor.name === debtor.name) guarantor = person(p);
  const amount = p.chance(0.5) ? p.int(3, 50) * 10000 : p.int(200000, 9000000) / 100;
  const signDate = { y: p.int(2021, 2023), m: p.int(1, 12), d: p.int(1, 28) };
  const loanDate = p.chance(0.6) ? signDate : dateAdd(signDate, 0, p.int(1, 5));
  const dueDate = dateAdd(loanDate, p.of([6, 12, 18, 24]), -1);
  const day = p.int(2, 6);
  const rate = p.chance(0.5)
    ? {
      text: `日利率万分之${"零一二三四五六七八九"[day]}`,
      annual: `年利率${Number((day * 3.6).toFixed(4))}%`,
      day,
    }
    : (() => {
      const y = p.of([6, 7.2, 9.6, 10.8, 12, 14.4, 15.4]);
      return { text: `年利率${y}%`, annual: `年利率${y}%`, day: undefined };
    })();
  const repaid = p.chance(0.6) ? Math.round(amount * p.of([0.1, 0.2, 0.25, 0.3]) * 100) / 100 : 0;
  const owed = Math.round((amount - repaid) * 100) / 100;
  const place = debtor.place;
  const court = `${place.city}${place.county}人民法院`;
  const filed = dateAdd(dueDate, p.int(2, 10), p.int(0, 20));
  const caseNo = `（${filed.y}）${place.courtCode}民初${p.int(100, 29999)}号`;
  return {
    id: `S${String(i + 1).padStart(2, "0")}`,
    scenario: creditorKind === "person" ? "民间借贷" : "金融借款",
    creditor,
    debtor,
    guarantor,
    lawyer: { name: personName(p), phone: phone(p), firm: `${place.city.replace(/市$/, "")}正衡律师事务所` },
    amount,
    loanDate,
    signDate,
    dueDate,
    rate,
    repaid,
    owed,
    claim: `判令被告${debtor.name}偿还借款本金${owed}元`,
    court,
    caseNo,
    halfBrackets: p.chance(0.5),
    award: owed,
    settlement: Math.round(owed * 0.9 * 100) / 100,
    filed,
  };
}
