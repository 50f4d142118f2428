// The words of the white papers in each of the app's languages. The papers are drawn by the server
// (pdf/white-paper.ts), so their words live here rather than in the app's message catalogs; dates
// and figures are formatted for the paper's language (dates in UTC: a PDF has no reader time zone).
import type { PaperContent } from '../pdf/white-paper.ts'
import type { PaperLanguage } from '../pdf/paper-fonts.ts'
import type { StoredProject } from './projects.ts'

type Body = Omit<PaperContent, 'accent' | 'language'>

/** A decimal text with the language's grouping (exact: the integer part goes through BigInt). */
function grouped(value: string, language: PaperLanguage): string {
  const [whole = '0', fraction] = value.split('.')
  const sign = whole.startsWith('-') ? '-' : ''
  const digits = BigInt(whole.replace('-', '') || '0').toLocaleString(language)
  return `${sign}${digits}${fraction ? `.${fraction}` : ''}`
}

function when(ms: number, language: PaperLanguage): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(ms)} (UTC)`
}

interface ProjectFigures {
  name: string
  symbol: string
  price: string
  forSale: string
  min: string
  max: string
  opens: string
  closes: string
  unlocks: string
  lockDays: number
  description: string
}

const SPLIT_SHARES = [20, 30, 15, 15, 20]

interface ProjectWords {
  subtitle: (f: ProjectFigures) => string
  abstract: string
  offer: (f: ProjectFigures) => string
  sale: string
  saleText: (f: ProjectFigures) => string
  lockText: (f: ProjectFigures) => string
  technology: string
  technologyText: (f: ProjectFigures) => string
  risks: string
  risksText: string
  split: string
  splitChart: string
  columns: [string, string]
  splitLabels: [string, string, string, string, string]
}

const PROJECT_WORDS: Record<PaperLanguage, ProjectWords> = {
  'en-US': {
    subtitle: (f) => `White paper: token sale on the NovaEx launchpad at ${f.price} USDT`,
    abstract: 'Abstract',
    offer: (f) => `${f.forSale} ${f.symbol} are offered at ${f.price} USDT each, between ${f.min} and ${f.max} per participant.`,
    sale: 'The sale',
    saleText: (f) => `The sale opens for subscription on ${f.opens} and closes on ${f.closes}. When more is subscribed than offered, every subscriber receives a pro-rata share, and the unallocated USDT is returned.`,
    lockText: (f) => `Allocated tokens are locked for ${f.lockDays} days after the close and become available on ${f.unlocks}. Holders may sell them back to the launchpad pool at the listing price for a 10 % fee: 2.5 % is burned and 7.5 % goes to stakers.`,
    technology: 'Technology',
    technologyText: (f) => `${f.name} runs on an open network with public, audited contracts. The protocol favours simple, verifiable rules over clever ones, so that every holder can check what the network does.`,
    risks: 'Risks',
    risksText: 'New coins are volatile and may lose all value. Read this paper in full and subscribe only what you can afford to lose.',
    split: 'Token split',
    splitChart: 'Token split (%)',
    columns: ['Allocation', 'Share'],
    splitLabels: ['Public sale', 'Ecosystem', 'Team (vested)', 'Liquidity', 'Foundation'],
  },
  'zh-CN': {
    subtitle: (f) => `白皮书：NovaEx 新币发行平台代币销售，单价 ${f.price} USDT`,
    abstract: '摘要',
    offer: (f) => `本次发售 ${f.forSale} ${f.symbol}，单价 ${f.price} USDT，每位参与者可申购 ${f.min} 至 ${f.max}。`,
    sale: '发售安排',
    saleText: (f) => `申购于 ${f.opens} 开始，${f.closes} 截止。申购总量超过发售量时，每位申购者按比例获得分配，未分配的 USDT 将退还。`,
    lockText: (f) => `分配的代币在截止后锁定 ${f.lockDays} 天，于 ${f.unlocks} 解锁。持有者可按上线价格将代币卖回发行池，手续费 10 %：其中 2.5 % 销毁，7.5 % 分给质押者。`,
    technology: '技术',
    technologyText: (f) => `${f.name} 运行在开放网络上，合约公开并经过审计。协议偏好简单、可验证的规则，让每位持有者都能核查网络的行为。`,
    risks: '风险提示',
    risksText: '新币价格波动剧烈，可能完全失去价值。请完整阅读本白皮书，只申购您能承受损失的金额。',
    split: '代币分配',
    splitChart: '代币分配（%）',
    columns: ['用途', '占比'],
    splitLabels: ['公开发售', '生态', '团队（归属期）', '流动性', '基金会'],
  },
  ko: {
    subtitle: (f) => `백서: NovaEx 런치패드 토큰 판매, 단가 ${f.price} USDT`,
    abstract: '개요',
    offer: (f) => `${f.forSale} ${f.symbol}를 개당 ${f.price} USDT에 판매하며, 참여자 1인당 ${f.min}부터 ${f.max}까지 신청할 수 있습니다.`,
    sale: '판매 일정',
    saleText: (f) => `청약은 ${f.opens}에 시작되어 ${f.closes}에 마감됩니다. 청약 수량이 판매 수량을 넘으면 모든 참여자가 비율에 따라 배정받고, 배정되지 않은 USDT는 돌려드립니다.`,
    lockText: (f) => `배정된 토큰은 마감 후 ${f.lockDays}일 동안 잠기며 ${f.unlocks}에 사용할 수 있습니다. 보유자는 상장 가격으로 런치패드 풀에 되팔 수 있으며 수수료는 10 %입니다. 이 중 2.5 %는 소각되고 7.5 %는 스테이커에게 돌아갑니다.`,
    technology: '기술',
    technologyText: (f) => `${f.name}는 공개 감사를 받은 컨트랙트로 개방형 네트워크에서 운영됩니다. 프로토콜은 복잡한 규칙보다 단순하고 검증 가능한 규칙을 택해, 모든 보유자가 네트워크의 동작을 확인할 수 있습니다.`,
    risks: '위험 고지',
    risksText: '신규 코인은 변동성이 크며 가치를 모두 잃을 수 있습니다. 이 백서를 끝까지 읽고 감당할 수 있는 금액만 청약하세요.',
    split: '토큰 배분',
    splitChart: '토큰 배분 (%)',
    columns: ['용도', '비율'],
    splitLabels: ['공개 판매', '생태계', '팀 (베스팅)', '유동성', '재단'],
  },
  ja: {
    subtitle: (f) => `ホワイトペーパー：NovaEx ローンチパッドでのトークン販売（単価 ${f.price} USDT）`,
    abstract: '概要',
    offer: (f) => `${f.forSale} ${f.symbol} を 1 枚 ${f.price} USDT で販売します。参加者 1 人あたりの申込は ${f.min} から ${f.max} までです。`,
    sale: '販売について',
    saleText: (f) => `申込は ${f.opens} に始まり、${f.closes} に締め切ります。申込総数が販売数を超えた場合は全員に比例配分し、配分されなかった USDT は返金します。`,
    lockText: (f) => `配分されたトークンは締切後 ${f.lockDays} 日間ロックされ、${f.unlocks} に利用可能になります。保有者は上場価格でローンチパッドのプールに売却でき、手数料は 10 % です（2.5 % はバーン、7.5 % はステーカーへ）。`,
    technology: '技術',
    technologyText: (f) => `${f.name} は公開・監査済みのコントラクトでオープンなネットワーク上に動作します。プロトコルは巧妙さより単純で検証可能なルールを重視し、保有者の誰もがネットワークの動作を確認できます。`,
    risks: 'リスク',
    risksText: '新しいコインは値動きが激しく、価値をすべて失うこともあります。本書を最後まで読み、失っても困らない範囲でのみ申し込んでください。',
    split: 'トークン配分',
    splitChart: 'トークン配分（%）',
    columns: ['用途', '比率'],
    splitLabels: ['一般販売', 'エコシステム', 'チーム（ベスティング）', '流動性', '財団'],
  },
}

export function projectPaperBody(project: StoredProject, language: PaperLanguage): Body {
  const words = PROJECT_WORDS[language]
  const figures: ProjectFigures = {
    name: project.name,
    symbol: project.symbol,
    price: project.price,
    forSale: grouped(project.forSale, language),
    min: grouped(project.minPerUser, language),
    max: grouped(project.maxPerUser, language),
    opens: when(project.joinStart, language),
    closes: when(project.joinEnd, language),
    unlocks: when(project.unlockAt, language),
    lockDays: project.lockDays,
    description: project.descriptions[language] ?? project.descriptions['en-US'],
  }
  const sale = Number(project.forSale)
  return {
    title: `${project.name} (${project.symbol})`,
    subtitle: words.subtitle(figures),
    sections: [
      { heading: words.abstract, paragraphs: [figures.description, words.offer(figures)] },
      { heading: words.sale, paragraphs: [words.saleText(figures), words.lockText(figures)] },
      { heading: words.technology, paragraphs: [words.technologyText(figures)] },
      { heading: words.risks, paragraphs: [words.risksText] },
    ],
    table: {
      heading: words.split,
      columns: [...words.columns, project.symbol],
      rows: words.splitLabels.map((label, index) => {
        const share = SPLIT_SHARES[index] ?? 0
        return [label, `${share} %`, grouped(String(Math.round((sale * 5 * share) / 100)), language)]
      }),
    },
    chart: { heading: words.splitChart, bars: words.splitLabels.map((label, index) => ({ label, value: SPLIT_SHARES[index] ?? 0 })) },
  }
}

const PLATFORM_BODY: Record<PaperLanguage, Body> = {
  'en-US': {
    title: 'NovaEx',
    subtitle: 'White paper: a mobile exchange and new-coin launch platform',
    sections: [
      { heading: 'Vision', paragraphs: ['NovaEx is a mobile exchange that works offline-first: markets, spot trading, seconds contracts, leveraged contracts and a launchpad for new coins, in four languages.'] },
      { heading: 'Ledger', paragraphs: ['Every movement of money is one double-entry ledger entry, written in the same transaction as the state it changes, so balances are never negative and always add up.'] },
      { heading: 'Launchpad', paragraphs: ['New projects pass through warm-up, joining and lock periods. Subscriptions are allocated pro rata at the end of joining; a 10 % sale fee is split between burning (2.5 %) and stakers (7.5 %).'] },
      { heading: 'Security', paragraphs: ['Money calls need a fund password and an idempotency key; withdrawals are reviewed; the app never loads code or images from other hosts.'] },
    ],
    table: { heading: 'Fee schedule', columns: ['Product', 'Fee', 'Paid to'], rows: [['Spot', '0.1 %', 'Exchange'], ['Contracts', '0.05 %', 'Exchange'], ['Launch sale', '10 %', 'Burn / stakers']] },
    chart: { heading: 'Products by launch year', bars: [{ label: 'Markets', value: 3 }, { label: 'Spot', value: 4 }, { label: 'Seconds', value: 5 }, { label: 'Contracts', value: 6 }, { label: 'Launchpad', value: 7 }] },
  },
  'zh-CN': {
    title: 'NovaEx',
    subtitle: '白皮书：移动交易所与新币发行平台',
    sections: [
      { heading: '愿景', paragraphs: ['NovaEx 是一个离线优先的移动交易所：行情、币币交易、秒合约、杠杆合约以及新币发行平台，支持四种语言。'] },
      { heading: '账本', paragraphs: ['每一笔资金变动都是一条复式记账分录，与它所改变的状态在同一事务中写入，因此余额永不为负，且总能对平。'] },
      { heading: '新币发行', paragraphs: ['新项目依次经历预热、申购和锁定阶段。申购结束时按比例分配；10 % 的卖出手续费中 2.5 % 销毁，7.5 % 分给质押者。'] },
      { heading: '安全', paragraphs: ['资金操作需要资金密码和幂等键；提币需经审核；应用从不从其他主机加载代码或图片。'] },
    ],
    table: { heading: '费率表', columns: ['产品', '费率', '收取方'], rows: [['币币', '0.1 %', '交易所'], ['合约', '0.05 %', '交易所'], ['新币卖出', '10 %', '销毁 / 质押者']] },
    chart: { heading: '各产品上线年份', bars: [{ label: '行情', value: 3 }, { label: '币币', value: 4 }, { label: '秒合约', value: 5 }, { label: '合约', value: 6 }, { label: '新币发行', value: 7 }] },
  },
  ko: {
    title: 'NovaEx',
    subtitle: '백서: 모바일 거래소와 신규 코인 런치 플랫폼',
    sections: [
      { heading: '비전', paragraphs: ['NovaEx는 오프라인 우선으로 동작하는 모바일 거래소입니다. 시세, 현물 거래, 초 단위 계약, 레버리지 계약, 신규 코인 런치패드를 네 가지 언어로 제공합니다.'] },
      { heading: '원장', paragraphs: ['모든 자금 이동은 복식부기 원장 항목 하나로, 변경되는 상태와 같은 트랜잭션에서 기록됩니다. 그래서 잔액은 절대 음수가 되지 않고 항상 맞아떨어집니다.'] },
      { heading: '런치패드', paragraphs: ['신규 프로젝트는 예열, 청약, 잠금 기간을 거칩니다. 청약이 끝나면 비율에 따라 배정되며, 10 % 판매 수수료 중 2.5 %는 소각되고 7.5 %는 스테이커에게 돌아갑니다.'] },
      { heading: '보안', paragraphs: ['자금 관련 요청에는 자금 비밀번호와 멱등성 키가 필요하고, 출금은 심사를 거치며, 앱은 다른 호스트에서 코드나 이미지를 불러오지 않습니다.'] },
    ],
    table: { heading: '수수료표', columns: ['상품', '수수료', '수취'], rows: [['현물', '0.1 %', '거래소'], ['계약', '0.05 %', '거래소'], ['런치 판매', '10 %', '소각 / 스테이커']] },
    chart: { heading: '상품별 출시 연차', bars: [{ label: '시세', value: 3 }, { label: '현물', value: 4 }, { label: '초 계약', value: 5 }, { label: '계약', value: 6 }, { label: '런치패드', value: 7 }] },
  },
  ja: {
    title: 'NovaEx',
    subtitle: 'ホワイトペーパー：モバイル取引所と新規コインのローンチプラットフォーム',
    sections: [
      { heading: 'ビジョン', paragraphs: ['NovaEx はオフラインファーストのモバイル取引所です。相場、現物取引、秒取引、レバレッジ取引、新規コインのローンチパッドを 4 つの言語で提供します。'] },
      { heading: '台帳', paragraphs: ['資金の動きはすべて複式簿記の仕訳 1 件として、それが変える状態と同じトランザクションで記録されます。残高がマイナスになることはなく、常に合計が一致します。'] },
      { heading: 'ローンチパッド', paragraphs: ['新規プロジェクトはウォームアップ、申込、ロックの各期間を経ます。申込終了時に比例配分され、売却手数料 10 % のうち 2.5 % はバーン、7.5 % はステーカーに分配されます。'] },
      { heading: 'セキュリティ', paragraphs: ['資金の操作には資金パスワードと冪等キーが必要で、出金は審査されます。アプリが他のホストからコードや画像を読み込むことはありません。'] },
    ],
    table: { heading: '手数料一覧', columns: ['商品', '手数料', '受取先'], rows: [['現物', '0.1 %', '取引所'], ['先物', '0.05 %', '取引所'], ['ローンチ売却', '10 %', 'バーン / ステーカー']] },
    chart: { heading: '商品別の提供開始年', bars: [{ label: '相場', value: 3 }, { label: '現物', value: 4 }, { label: '秒取引', value: 5 }, { label: '先物', value: 6 }, { label: 'ローンチパッド', value: 7 }] },
  },
}

export const platformPaperBody = (language: PaperLanguage): Body => PLATFORM_BODY[language]
