import type { ImageSpec } from './images.js';

/**
 * The demo content of a first start: a fictional logistics company, 华通国际物流有限公司 (华通物流).
 * Every company, partner, supplier and product name here is invented; links to partners and products
 * point at example.com. Only the friendly links name real government sites, as a real site would.
 * Bodies are the API's save bodies (camelCase), so they pass the same validation a user's save does.
 */

export const COMPANY = '华通国际物流有限公司';
const SHORT = '华通物流';
const ADDRESS = '上海市浦东新区港城路1288号华通物流大厦';
const PHONE = '021-50008888';
const RECORD_NUMBER = '沪ICP备12345678号-1';
/** the company in the English version of the demo content (the second content locale) */
const COMPANY_EN = 'Huatong International Logistics Co., Ltd.';
const SHORT_EN = 'Huatong Logistics';
const ADDRESS_EN = 'Huatong Logistics Tower, 1288 Gangcheng Road, Pudong New Area, Shanghai';

/** Every picture of the demo content, by key. */
export const IMAGES = {
  bannerPort: { kind: 'banner', scene: 'port', tone: 0 },
  bannerAir: { kind: 'banner', scene: 'air', tone: 5 },
  bannerRoad: { kind: 'banner', scene: 'road', tone: 3 },
  bannerNetwork: { kind: 'banner', scene: 'network', tone: 1 },
  bannerNotice: { kind: 'banner', scene: 'notice', tone: 2 },
  bannerPolicy: { kind: 'banner', scene: 'policy', tone: 0, seed: 11 },

  newsTrain: { kind: 'thumb', motif: 'train', tone: 3 },
  newsWarehouse: { kind: 'thumb', motif: 'warehouse', tone: 5 },
  newsPlane: { kind: 'thumb', motif: 'plane', tone: 0 },
  newsHub: { kind: 'thumb', motif: 'boxes', tone: 2 },
  newsAward: { kind: 'thumb', motif: 'shield', tone: 1 },
  newsOnline: { kind: 'thumb', motif: 'truck', tone: 0, seed: 21 },
  newsDeclare: { kind: 'thumb', motif: 'document', tone: 0 },
  newsEcommerce: { kind: 'thumb', motif: 'boxes', tone: 5, seed: 22 },
  newsReturn: { kind: 'thumb', motif: 'document', tone: 4 },
  newsVolume: { kind: 'thumb', motif: 'pallet', tone: 1, seed: 23 },
  newsBattery: { kind: 'thumb', motif: 'plane', tone: 2, seed: 24 },
  newsShip: { kind: 'thumb', motif: 'ship', tone: 5, seed: 25 },

  policyClearance: { kind: 'thumb', motif: 'shield', tone: 0, seed: 31 },
  policyEcommerce: { kind: 'thumb', motif: 'globe', tone: 2, seed: 32 },
  policyDeclaration: { kind: 'thumb', motif: 'document', tone: 1, seed: 33 },
  policyDangerous: { kind: 'thumb', motif: 'plane', tone: 4, seed: 34 },

  pageAbout: { kind: 'thumb', motif: 'globe', tone: 0, seed: 41 },
  pageHistory: { kind: 'thumb', motif: 'crane', tone: 2, seed: 42 },
  pageCulture: { kind: 'thumb', motif: 'ship', tone: 1, seed: 43 },
  pageQualification: { kind: 'thumb', motif: 'shield', tone: 5, seed: 44 },

  businessExpress: { kind: 'thumb', motif: 'plane', tone: 5, seed: 51 },
  businessEcommerce: { kind: 'thumb', motif: 'boxes', tone: 3, seed: 52 },
  businessCustoms: { kind: 'thumb', motif: 'document', tone: 2, seed: 53 },
  businessWarehouse: { kind: 'thumb', motif: 'warehouse', tone: 1, seed: 54 },
  businessFreight: { kind: 'thumb', motif: 'ship', tone: 0, seed: 55 },

  partnerAir: { kind: 'logo', glyph: 'wing', tone: 0 },
  partnerShipping: { kind: 'logo', glyph: 'anchor', tone: 1 },
  partnerRail: { kind: 'logo', glyph: 'train', tone: 3 },
  partnerMall: { kind: 'logo', glyph: 'cart', tone: 2 },
  partnerStorage: { kind: 'logo', glyph: 'cube', tone: 5 },
  partnerCity: { kind: 'logo', glyph: 'truck', tone: 4 },
  partnerBroker: { kind: 'logo', glyph: 'docCheck', tone: 2 },

  appTrack: { kind: 'icon', glyph: 'search', tone: 0 },
  appTime: { kind: 'icon', glyph: 'clock', tone: 1 },
  appOutlet: { kind: 'icon', glyph: 'pin', tone: 3 },
  appBanned: { kind: 'icon', glyph: 'ban', tone: 4 },
  appQuote: { kind: 'icon', glyph: 'calc', tone: 5 },
  appOrder: { kind: 'icon', glyph: 'form', tone: 2 },
  appCustoms: { kind: 'icon', glyph: 'docCheck', tone: 1 },

  supplierPack: { kind: 'logo', glyph: 'tape', tone: 3 },
  supplierDevice: { kind: 'logo', glyph: 'chip', tone: 0 },
  supplierCold: { kind: 'logo', glyph: 'snow', tone: 5 },
  supplierPallet: { kind: 'logo', glyph: 'cube', tone: 1 },

  productCarton: { kind: 'thumb', motif: 'boxes', tone: 4, seed: 61 },
  productBubble: { kind: 'thumb', motif: 'bubbles', tone: 1, seed: 62 },
  productPda: { kind: 'thumb', motif: 'scanner', tone: 0, seed: 63 },
  productPrinter: { kind: 'thumb', motif: 'printer', tone: 2, seed: 64 },
  productCoolbox: { kind: 'thumb', motif: 'coolbox', tone: 5, seed: 65 },
  productPallet: { kind: 'thumb', motif: 'pallet', tone: 3, seed: 66 },

  contactQr: { kind: 'qr', seed: 2024 },
  logoPng: { kind: 'mark', format: 'png' },
  logoJpg: { kind: 'mark', format: 'jpg' },
  logoIcon: { kind: 'mark', format: 'icon' },

  waybillSheet: { kind: 'waybill', layout: 'sheet', tone: 0 },
  waybillLabel: { kind: 'waybill', layout: 'label', tone: 3 },
} as const satisfies Record<string, ImageSpec>;

export type ImageKey = keyof typeof IMAGES;

/**
 * The title of every picture in the 素材库: what it shows and where the demo uses it, as an operator would name the
 * file (every key of IMAGES has one: the type says so).
 */
export const IMAGE_TITLES = {
  bannerPort: '横幅-港口航运',
  bannerAir: '横幅-航空货运',
  bannerRoad: '横幅-仓配一体',
  bannerNetwork: '横幅-行业动态',
  bannerNotice: '横幅-通知公告',
  bannerPolicy: '横幅-政策法规',

  newsTrain: '新闻配图-中欧班列',
  newsWarehouse: '新闻配图-海外仓备货',
  newsPlane: '新闻配图-航空货运运力',
  newsHub: '新闻配图-华东智能分拨中心',
  newsAward: '新闻配图-优秀跨境物流服务商',
  newsOnline: '新闻配图-运单查询与在线下单上线',
  newsDeclare: '新闻配图-进口两步申报',
  newsEcommerce: '新闻配图-跨境电商通关',
  newsReturn: '新闻配图-报关退单',
  newsVolume: '新闻配图-体积重量计算',
  newsBattery: '新闻配图-锂电池运输',
  newsShip: '新闻配图-海运整箱拼箱',

  policyClearance: '政策配图-通关流程优化',
  policyEcommerce: '政策配图-跨境电商商品清单',
  policyDeclaration: '政策配图-报关单填制规范',
  policyDangerous: '政策配图-航空危险品申报',

  pageAbout: '单页配图-公司简介',
  pageHistory: '单页配图-发展历程',
  pageCulture: '单页配图-企业文化',
  pageQualification: '单页配图-资质荣誉',

  businessExpress: '业务配图-国际快递',
  businessEcommerce: '业务配图-跨境电商',
  businessCustoms: '业务配图-报关报检',
  businessWarehouse: '业务配图-仓储配送',
  businessFreight: '业务配图-国际货运',

  partnerAir: '合作伙伴logo-云翼航空货运',
  partnerShipping: '合作伙伴logo-沧溟远洋船务',
  partnerRail: '合作伙伴logo-长风国际班列',
  partnerMall: '合作伙伴logo-万象跨境购',
  partnerStorage: '合作伙伴logo-北辰智慧仓储',
  partnerCity: '合作伙伴logo-畅途城市配送',
  partnerBroker: '合作伙伴logo-关易通数字报关',

  appTrack: '图标-运单查询',
  appTime: '图标-时效查询',
  appOutlet: '图标-网点查询',
  appBanned: '图标-禁限寄物品查询',
  appQuote: '图标-运费估算',
  appOrder: '图标-在线下单',
  appCustoms: '图标-报关',

  supplierPack: '供应商logo-恒信包装材料',
  supplierDevice: '供应商logo-智联物流设备',
  supplierCold: '供应商logo-冰峰冷链科技',
  supplierPallet: '供应商logo-稳达托盘',

  productCarton: '产品图-五层加厚瓦楞纸箱',
  productBubble: '产品图-气泡缓冲卷膜',
  productPda: '产品图-手持数据终端',
  productPrinter: '产品图-热敏面单打印机',
  productCoolbox: '产品图-医药冷链保温箱',
  productPallet: '产品图-塑料川字托盘',

  contactQr: '二维码-联系我们',
  logoPng: '公司logo-透明底',
  logoJpg: '公司logo-白底',
  logoIcon: '公司logo-网站图标',

  waybillSheet: '运单样张-国际快递标准运单',
  waybillLabel: '运单样张-跨境电商小包面单',
} as const satisfies Record<ImageKey, string>;

type Body = Record<string, unknown>;

/**
 * One demo record: its save body and how many days before the first start it was "written" (its createTime),
 * with the records of another resource that belong to it (`via`: their field that holds this record's id).
 */
export interface DemoRecord {
  daysAgo?: number;
  body: Body;
  children?: { resource: string; via: string; rows: DemoRecord[] };
}

/** The records of each resource, keyed by the resource's name, in writing order (referenced rows first). */
export type DemoContent = Record<string, DemoRecord[]>;

const plain = (bodies: Body[]): DemoRecord[] => bodies.map((body) => ({ body }));
const nested = <K extends string>(
  rows: ({ body: Body } & Record<K, DemoRecord[]>)[],
  key: K,
  resource: string,
  via: string,
): DemoRecord[] => rows.map((r) => ({ body: r.body, children: { resource, via, rows: r[key] } }));

/**
 * The content. A picture is written `{img:<key of IMAGES>}` (as a field value or inside rich text); the
 * loader (index.ts) replaces it with the stored image's URL.
 */
export const DEMO_CONTENT: DemoContent = {
  newsType: plain([
    { code: 'hydt', name: '行业动态', sortNo: 1 },
    { code: 'gsxw', name: '公司新闻', sortNo: 2 },
    { code: 'tgzx', name: '通关资讯', sortNo: 3 },
    { code: 'wlzs', name: '物流知识', sortNo: 4 },
  ]),

  news: [
    {
      daysAgo: 1.2,
      body: {
        type: 'gsxw',
        title: `${SHORT}华东智能分拨中心正式投入运营`,
        translations: {
          en: {
            title: `${SHORT_EN} opens its East China smart sorting hub`,
            summary:
              'The new hub runs automated cross-belt sorters and smart storage, cutting handling times for international parcels across East China.',
            metaDescription: `${SHORT_EN} has opened a 42,000 m² smart sorting hub in Lingang, Shanghai, for international express and cross-border e-commerce.`,
            content: `<p>This week ${SHORT_EN} opened its East China smart sorting hub in the Lingang area of Shanghai. With about 42,000 square metres of floor space, the hub brings international express sorting, cross-border e-commerce consolidation and bonded storage under one roof, making it the company's largest logistics site in the Yangtze River Delta.</p>
<p><img src="{img:newsHub}" alt="The East China smart sorting hub"></p>
<h2>Automation throughout</h2>
<p>The hub runs automated cross-belt sorting lines, in-motion weighing and scanning units and smart racking: every parcel is directed by the system from unloading and scanning to sorting and loading.</p>
<ul>
<li>Peak sorting capacity of about 30,000 parcels an hour;</li>
<li>Fewer damaged and mis-sorted parcels than at the previous site;</li>
<li>A data link with the customs supervision system checks outbound parcels on site before they are declared.</li>
</ul>
<h2>Serving more customers</h2>
<p>International express shipments from East China to the main cities of Europe, North America and Southeast Asia are now processed here, and customers can follow each step inside the hub with Track a Shipment on our website.</p>
<p>Next, the company will extend its sorting network in South and North China to give customers steadier, more transparent cross-border logistics.</p>`,
          },
        },
        summary: '新分拨中心配备自动化交叉带分拣线与智能仓储系统，华东地区国际包裹的处理时效进一步提升。',
        summaryImg: '{img:newsHub}',
        isTop: 1,
        isHot: 1,
        content: `<p>本周，${SHORT}华东智能分拨中心在上海临港片区正式投入运营。分拨中心总建筑面积约4.2万平方米，集国际快递分拨、跨境电商集货和保税仓储于一体，是公司在长三角地区规模最大的综合物流节点。</p>
<p><img src="{img:newsHub}" alt="华东智能分拨中心"></p>
<h2>自动化设备全面上线</h2>
<p>分拨中心引入了自动化交叉带分拣线、动态称重扫描一体机和智能立体货架，包裹从卸车、扫描、分拣到装车的全过程实现系统调度。</p>
<ul>
<li>单小时最高分拣能力约3万件；</li>
<li>包裹破损率与错分率较原有场地明显下降；</li>
<li>与海关监管系统数据对接，出口包裹可在场内完成申报前的数据校验。</li>
</ul>
<h2>服务更多客户</h2>
<p>随着新分拨中心启用，华东地区发往欧美、东南亚主要城市的国际快递将统一在此集中处理，客户可通过官网“运单查询”实时查看包裹在分拨中心内的处理节点。</p>
<p>公司相关负责人表示，下一步将继续完善华南、华北区域的分拨网络，为客户提供更稳定、更可视的跨境物流服务。</p>`,
      },
    },
    {
      daysAgo: 2.6,
      body: {
        type: 'hydt',
        title: '中欧班列开行保持增长，跨境物流通道持续拓展',
        translations: {
          en: {
            title: 'China–Europe Railway Express keeps growing as cross-border routes expand',
            summary:
              'Rail strikes a new balance between speed and cost, and more exporters now make the China–Europe Railway Express part of their regular logistics.',
            content: `<p>The China–Europe Railway Express has become a major logistics corridor across Eurasia. Rail is faster than sea freight and cheaper than air freight, which suits mid- to high-value goods such as electronics, auto parts and machinery.</p>
<h2>Three changes shippers notice</h2>
<ol>
<li><strong>More routes</strong>: more departure cities in China and more destination stations abroad, with both consolidated and full-train services.</li>
<li><strong>Easier clearance</strong>: border ports along the line share data, and transit formalities are simpler.</li>
<li><strong>End-to-end service</strong>: door-to-door transport, clearance abroad and overseas warehouse delivery now connect.</li>
</ol>
<h2>Our advice</h2>
<p>If you are shipping by rail for the first time, confirm the description, HS code and import requirements of your goods early, and allow time for booking and delivery to the terminal. The ${SHORT_EN} freight team handles route advice, booking, customs declaration and delivery abroad.</p>`,
          },
        },
        summary: '铁路运输在时效与成本之间提供了新的平衡，越来越多的外贸企业把中欧班列纳入常态化物流方案。',
        summaryImg: '{img:newsTrain}',
        isHot: 1,
        content: `<p>近年来，中欧班列逐步成为连接亚欧大陆的重要物流通道。相较于海运，铁路运输时效更短；相较于空运，成本更具优势，适合电子产品、汽车配件、机械设备等中高货值商品。</p>
<h2>企业关注的三个变化</h2>
<ol>
<li><strong>线路更加丰富</strong>：国内始发城市和境外到达站点不断增加，集拼、整列等多种组织方式并存。</li>
<li><strong>通关更加便利</strong>：沿线口岸推进数据互认，转关手续进一步简化。</li>
<li><strong>服务更加完整</strong>：门到门运输、境外清关与海外仓配送逐步打通。</li>
</ol>
<h2>${SHORT}的建议</h2>
<p>对于首次使用铁路运输的企业，建议提前确认货物品名、HS编码及目的国准入要求，并预留订舱与集港时间。${SHORT}国际货运团队可提供线路咨询、订舱、报关及境外配送的一站式服务。</p>`,
      },
    },
    {
      daysAgo: 4.1,
      body: {
        type: 'tgzx',
        title: '进口货物“两步申报”操作要点梳理',
        translations: {
          en: {
            title: 'Two-step declaration for imports: what to know',
            summary:
              'A summary declaration first and a full declaration later lets importers collect goods sooner. Here is when it applies, how it works and what to watch for.',
            content: `<p>Two-step declaration is a way of declaring imported goods: the importer first files a summary declaration and, once it is accepted, may collect the goods; the full declaration and the duties follow within the set period. It shortens the time goods spend at the port.</p>
<h2>How it works</h2>
<ol>
<li>Step one, the summary declaration: the items needed for safety and admission, and whether an inspection is required.</li>
<li>Collecting the goods: without an inspection, or once it is done, the goods may leave.</li>
<li>Step two, the full declaration: the remaining items within the set period, and payment of duties.</li>
</ol>
<h2>Points to watch</h2>
<ul>
<li>Describe the goods truthfully in the summary declaration, and have any licences ready in advance;</li>
<li>A full declaration filed late may incur a late-declaration fee;</li>
<li>Check the latest customs notices for who may use it; the ${SHORT_EN} customs team can help you assess your case.</li>
</ul>`,
          },
        },
        summary: '“概要申报”与“完整申报”分步完成，企业可以更早提离货物。本文梳理适用情形、办理流程和常见注意事项。',
        summaryImg: '{img:newsDeclare}',
        isTop: 1,
        content: `<p>“两步申报”是进口货物通关的一种申报模式：企业先进行概要申报，满足条件即可提离货物；随后在规定时间内完成完整申报并缴纳税款。该模式有助于缩短货物在港时间。</p>
<h2>办理流程</h2>
<ol>
<li>第一步：概要申报。填报涉及安全准入的必要项目，确认是否需要查验。</li>
<li>货物提离。无需查验或查验完成后，即可提离货物。</li>
<li>第二步：完整申报。在规定期限内补充完整申报项目，办理缴税手续。</li>
</ol>
<h2>两种申报方式对比</h2>
<table>
<thead><tr><th>项目</th><th>一次申报</th><th>两步申报</th></tr></thead>
<tbody>
<tr><td>申报次数</td><td>一次填报全部项目</td><td>概要申报 + 完整申报</td></tr>
<tr><td>提离时间</td><td>完成申报与缴税后</td><td>概要申报通过后即可</td></tr>
<tr><td>适用企业</td><td>全部企业</td><td>符合条件的企业，具体以海关规定为准</td></tr>
</tbody>
</table>
<h2>注意事项</h2>
<ul>
<li>概要申报时应如实填报商品信息，涉证商品需提前备妥许可证件；</li>
<li>完整申报超过规定期限的，可能产生滞报金；</li>
<li>具体适用条件请以海关最新公告为准，${SHORT}关务团队可协助评估。</li>
</ul>`,
      },
    },
    {
      daysAgo: 5.8,
      body: {
        type: 'hydt',
        title: '跨境电商旺季来临，海外仓备货需求明显上升',
        summary: '年末购物季前，卖家普遍提前备货至海外仓。合理规划头程运输与库存，是控制旺季物流成本的关键。',
        summaryImg: '{img:newsWarehouse}',
        content: `<p>每年第四季度是跨境电商的销售旺季。为保证消费者的收货体验，越来越多的卖家选择提前将商品批量运至海外仓，由海外仓完成本地配送。</p>
<h2>备货前要想清楚的问题</h2>
<ul>
<li>头程走海运、铁路还是空运？时效与成本如何取舍；</li>
<li>备货数量如何预估，滞销库存如何处理；</li>
<li>目的国的进口税费、产品认证与标签要求是否满足。</li>
</ul>
<h2>错峰发运</h2>
<p>旺季前后运力紧张，运价波动较大。建议卖家结合历史销售数据制定分批发运计划，避开集中出货的高峰期。</p>
<p>${SHORT}提供“头程运输 + 海外仓储 + 尾程派送”的组合方案，欢迎联系客户经理获取方案建议。</p>`,
      },
    },
    {
      daysAgo: 8.3,
      body: {
        type: 'wlzs',
        title: '国际快递的体积重量如何计算？',
        translations: {
          en: {
            title: 'How is volumetric weight calculated for international express?',
            summary:
              'Light, bulky parcels are charged by volumetric weight. Knowing how it is worked out and choosing the right box size can lower your shipping costs.',
            content: `<p>International express is usually charged on the greater of the actual weight and the volumetric weight. For large, light parcels, the volumetric weight is often the higher of the two.</p>
<h2>The formula</h2>
<p>Volumetric weight (kg) = length (cm) × width (cm) × height (cm) ÷ divisor. The usual divisor is 5,000 or 6,000, depending on the service and the route.</p>
<h2>Examples</h2>
<table>
<thead><tr><th>Parcel size (cm)</th><th>Actual weight</th><th>Volumetric weight (÷5,000)</th><th>Chargeable weight</th></tr></thead>
<tbody>
<tr><td>30 × 20 × 15</td><td>3.0 kg</td><td>1.8 kg</td><td>3.0 kg</td></tr>
<tr><td>50 × 40 × 30</td><td>4.5 kg</td><td>12.0 kg</td><td>12.0 kg</td></tr>
<tr><td>60 × 40 × 40</td><td>20.0 kg</td><td>19.2 kg</td><td>20.0 kg</td></tr>
</tbody>
</table>
<h2>Tips to pay less</h2>
<ul>
<li>Choose a box that fits the goods and leaves little empty space;</li>
<li>Several small parcels may go as one shipment, within the weight limit per piece;</li>
<li>Compare services with the freight estimate tool on our website before you book.</li>
</ul>`,
          },
        },
        summary: '轻泡货物按体积重量计费。了解计算方法，合理选择包装尺寸，能有效降低运费。',
        summaryImg: '{img:newsVolume}',
        isHot: 1,
        content: `<p>国际快递通常按“实际重量”与“体积重量”两者中较大的一项计费。对于体积大、重量轻的货物（俗称“轻泡货”），体积重量往往高于实际重量。</p>
<h2>计算公式</h2>
<p>体积重量（千克）= 长（厘米）× 宽（厘米）× 高（厘米）÷ 计泡系数。常见的计泡系数为5000或6000，不同产品和线路可能不同。</p>
<h2>计算示例</h2>
<table>
<thead><tr><th>包裹尺寸（厘米）</th><th>实际重量</th><th>体积重量（÷5000）</th><th>计费重量</th></tr></thead>
<tbody>
<tr><td>30 × 20 × 15</td><td>3.0 千克</td><td>1.8 千克</td><td>3.0 千克</td></tr>
<tr><td>50 × 40 × 30</td><td>4.5 千克</td><td>12.0 千克</td><td>12.0 千克</td></tr>
<tr><td>60 × 40 × 40</td><td>20.0 千克</td><td>19.2 千克</td><td>20.0 千克</td></tr>
</tbody>
</table>
<h2>降低运费的小技巧</h2>
<ul>
<li>按商品尺寸选择合适的纸箱，减少无效空间；</li>
<li>多件小包裹可合并为一票，但注意单件重量上限；</li>
<li>下单前可使用官网“运费估算”工具对比不同产品的价格。</li>
</ul>`,
      },
    },
    {
      daysAgo: 10.5,
      body: {
        type: 'gsxw',
        title: `${SHORT}上线新版运单查询与在线下单服务`,
        summary: '新版服务支持批量查询、轨迹订阅和地址簿管理，客户可在官网和移动端一站式办理寄件。',
        summaryImg: '{img:newsOnline}',
        content: `<p>为提升客户的寄件体验，${SHORT}近日完成官网自助服务的全面升级，新版“运单查询”和“在线下单”功能已正式上线。</p>
<h2>主要更新</h2>
<ul>
<li><strong>批量查询</strong>：一次最多可查询50个运单号，结果支持导出；</li>
<li><strong>轨迹订阅</strong>：包裹签收、清关等关键节点可通过短信或邮件提醒；</li>
<li><strong>地址簿</strong>：常用寄件人、收件人信息一键带入；</li>
<li><strong>运费预估</strong>：下单时即可查看预估运费与参考时效。</li>
</ul>
<p>如在使用过程中遇到问题，欢迎拨打客服热线 ${PHONE} 或在官网留言，我们将及时处理。</p>`,
      },
    },
    {
      daysAgo: 13.9,
      body: {
        type: 'tgzx',
        title: '跨境电商零售进口商品通关流程一览',
        summary: '从订单、支付、物流“三单”信息推送，到申报、查验与放行，一张图看懂跨境电商零售进口的通关环节。',
        summaryImg: '{img:newsEcommerce}',
        content: `<p>跨境电商零售进口是指境内消费者通过跨境电商平台购买境外商品，并通过“网购保税进口”或“直购进口”方式入境的业务模式。</p>
<h2>通关主要环节</h2>
<ol>
<li>电商平台、支付企业、物流企业分别向海关推送订单、支付单和运单信息；</li>
<li>系统对“三单”信息进行比对，生成清单并申报；</li>
<li>海关审核清单，按规定进行风险布控和查验；</li>
<li>放行后由物流企业完成国内段配送。</li>
</ol>
<h2>消费者需要注意</h2>
<ul>
<li>跨境电商零售进口商品有个人年度交易限值，超出部分按一般贸易方式办理；</li>
<li>订购人的身份信息应与支付人一致；</li>
<li>所购商品仅限个人自用，不得再次销售。</li>
</ul>
<p>${SHORT}为多家跨境电商平台提供清关与配送服务，可根据平台需求定制数据对接方案。</p>`,
      },
    },
    {
      daysAgo: 17.4,
      body: {
        type: 'hydt',
        title: '航空货运运力逐步恢复，国际快递时效进一步提升',
        summary: '客机腹舱与全货机运力同步增加，主要航线的舱位紧张状况有所缓解，国际快递时效趋于稳定。',
        summaryImg: '{img:newsPlane}',
        content: `<p>随着国际航班逐步恢复，航空货运市场的运力供给明显改善。客机腹舱运力回归，加上全货机航线的持续投入，欧美及东南亚主要航线的舱位紧张状况已有所缓解。</p>
<h2>对寄件客户的影响</h2>
<ul>
<li>主要城市之间的国际快递时效更加稳定；</li>
<li>旺季附加费的波动幅度有所收窄；</li>
<li>部分新开航线为偏远目的地提供了更多选择。</li>
</ul>
<p>${SHORT}将根据运力变化及时调整产品时效，最新信息以官网“时效查询”为准。</p>`,
      },
    },
    {
      daysAgo: 21.7,
      body: {
        type: 'tgzx',
        title: '出口报关常见退单原因及应对建议',
        summary: '申报要素不全、商品编码归类不准、单证不一致是出口报关退单的常见原因。提前核对可有效减少退单。',
        summaryImg: '{img:newsReturn}',
        content: `<p>出口报关被退单，不仅会影响货物出运，还可能产生额外的仓储和改配费用。结合日常关务实践，我们整理了几类常见的退单原因。</p>
<h2>常见原因</h2>
<ol>
<li><strong>申报要素不完整</strong>：品牌类型、用途、材质等要素漏填或填写不规范；</li>
<li><strong>商品归类不准确</strong>：HS编码与商品实际情况不符；</li>
<li><strong>单证信息不一致</strong>：报关单与发票、装箱单的数量、金额、重量不一致；</li>
<li><strong>监管证件缺失</strong>：涉及许可证件的商品未随附相关证件。</li>
</ol>
<h2>应对建议</h2>
<ul>
<li>建立常用商品的申报要素库，减少重复填写错误；</li>
<li>对新品提前进行归类确认；</li>
<li>申报前对照发票、装箱单逐项核对。</li>
</ul>
<p>${SHORT}报关团队可提供归类咨询与单证预审服务，帮助企业提高一次通关率。</p>`,
      },
    },
    {
      daysAgo: 26.2,
      body: {
        type: 'wlzs',
        title: '含锂电池货物国际运输注意事项',
        summary: '锂电池属于航空运输中的危险品或限制品，寄件前需确认电池类型、包装方式和随附文件。',
        summaryImg: '{img:newsBattery}',
        isHot: 1,
        content: `<p>手机、笔记本电脑、充电宝等日常商品大多含有锂电池。由于锂电池在运输中存在起火风险，航空运输对其有严格的规定。</p>
<h2>寄件前请确认</h2>
<ul>
<li>电池类型：锂离子电池还是锂金属电池；</li>
<li>包装方式：单独运输、与设备包装在一起，还是安装在设备中；</li>
<li>电池的额定能量或锂含量；</li>
<li>是否具备相应的运输鉴定报告和安全数据资料。</li>
</ul>
<h2>常见误区</h2>
<p>“小件可以随便寄”是常见误区。即使是单个充电宝，也可能因为额定能量超限或包装不符合要求而被退运。单独的充电宝一般不能通过国际快递寄送。</p>
<p>不确定能否寄送时，请先使用官网“禁限寄物品查询”或联系客服确认。</p>`,
      },
    },
    {
      daysAgo: 31.5,
      body: {
        type: 'gsxw',
        title: `${SHORT}荣获年度“优秀跨境物流服务商”称号`,
        summary: '凭借稳定的通关时效与完善的客户服务体系，公司在行业协会年度评选中获评“优秀跨境物流服务商”。',
        summaryImg: '{img:newsAward}',
        content: `<p>近日，在某物流行业协会举办的年度评选活动中，${SHORT}荣获“优秀跨境物流服务商”称号。</p>
<h2>获奖理由</h2>
<ul>
<li>国际快递与跨境电商业务保持稳定增长；</li>
<li>自主研发的关务系统提升了报关数据的准确率；</li>
<li>客户满意度连续多年保持较高水平。</li>
</ul>
<p>公司将以此为新的起点，继续完善全球服务网络，为客户提供更专业、更高效的物流解决方案。</p>`,
      },
    },
    {
      daysAgo: 38.1,
      body: {
        type: 'wlzs',
        title: '海运整箱与拼箱，怎么选更划算？',
        summary: '货量、时效和成本是选择整箱（FCL）还是拼箱（LCL）的三个关键因素。本文给出简单的判断方法。',
        summaryImg: '{img:newsShip}',
        content: `<p>国际海运分为整箱（FCL）和拼箱（LCL）两种方式。选择哪一种，主要取决于货量、时效要求和总成本。</p>
<h2>整箱（FCL）</h2>
<p>货主独享一个集装箱，装箱、运输和拆箱流程简单，货损风险较低。货量接近或超过一个20英尺箱时，整箱通常更划算。</p>
<h2>拼箱（LCL）</h2>
<p>多个货主的货物共用一个集装箱，按体积或重量计费，适合货量较小的发货需求。但拼箱需要在集运站装拆箱，整体时效相对较长。</p>
<h2>简单判断方法</h2>
<ul>
<li>货量在15立方米以上：优先比较整箱报价；</li>
<li>货量较小且不急于到货：拼箱更经济；</li>
<li>货物贵重或易损：建议选择整箱。</li>
</ul>`,
      },
    },
  ],

  policy: [
    {
      daysAgo: 3.3,
      body: {
        title: '关于进一步优化进出口货物通关流程的要点解读',
        translations: {
          en: {
            title: 'Faster customs clearance for imports and exports: the key measures explained',
            summary:
              'Advance declaration, two-step declaration and electronic inspection results: the changes companies can benefit from right away.',
            source: `${SHORT_EN} policy research (from published policies)`,
            content: `<p>This is the ${SHORT_EN} customs team's summary of recent measures that make clearance easier. It is for reference only; the rules published by the General Administration of Customs prevail.</p>
<h2>1. Advance declaration</h2>
<p>Companies may declare goods before they reach the customs-supervised site, so inspection or release can follow as soon as they arrive.</p>
<h2>2. Two-step declaration</h2>
<p>Eligible imports may be collected after a summary declaration, with the full declaration filed within the set period.</p>
<h2>3. Electronic inspection results</h2>
<p>Inspection results are returned through the system, so companies can follow progress online and make fewer trips to the site.</p>
<h2>How to prepare</h2>
<ul>
<li>Tighten your internal document management;</li>
<li>Make sure declaration data is true, accurate and complete;</li>
<li>Keep up with the latest customs notices.</li>
</ul>`,
          },
        },
        summary: '围绕“提前申报”“两步申报”和“查验结果电子化反馈”等便利措施，梳理企业可直接受益的变化。',
        summaryImg: '{img:policyClearance}',
        author: `${SHORT}关务部`,
        source: `${SHORT}政策研究室（据公开政策整理）`,
        isTop: 1,
        isHot: 1,
        content: `<p>本文为${SHORT}关务团队对近期通关便利化政策的梳理，仅供参考，具体规定请以海关总署官方发布为准。</p>
<h2>一、提前申报</h2>
<p>企业可在货物运抵海关监管作业场所前办理申报手续，货物运抵后即可办理查验或放行，进一步压缩通关时间。</p>
<h2>二、两步申报</h2>
<p>符合条件的进口货物可先进行概要申报并提离，再在规定期限内完成完整申报。</p>
<h2>三、查验结果电子化反馈</h2>
<p>查验结果通过系统及时反馈，企业可在线查看处理进度，减少往返现场的次数。</p>
<h2>企业应做的准备</h2>
<ul>
<li>完善企业内部的单证管理流程；</li>
<li>确保申报数据真实、准确、完整；</li>
<li>及时关注海关发布的最新公告。</li>
</ul>`,
      },
    },
    {
      daysAgo: 9.6,
      body: {
        title: '跨境电商零售进口商品清单调整说明（摘要）',
        summary: '零售进口商品清单的调整涉及部分消费品的增列与商品编码更新，相关平台与企业需同步更新商品备案信息。',
        summaryImg: '{img:policyEcommerce}',
        author: `${SHORT}跨境电商事业部`,
        source: `${SHORT}政策研究室（据公开政策整理）`,
        isHot: 1,
        content: `<p>跨境电商零售进口商品清单会根据消费需求和监管要求进行动态调整。以下为调整事项的要点摘要。</p>
<ul>
<li>增列部分消费者需求较大的商品；</li>
<li>根据税则调整，同步更新部分商品的税则号列；</li>
<li>对个别商品的备注要求进行了完善。</li>
</ul>
<p>建议相关平台和企业对照最新清单，检查在售商品的备案信息，避免因编码变化导致申报异常。原文请查阅有关部门的官方网站。</p>`,
      },
    },
    {
      daysAgo: 15.2,
      body: {
        title: '进出口货物报关单填制规范要点提示',
        summary: '针对申报实践中易错的“贸易方式”“成交方式”“运费保费”等栏目，整理填制要点与常见错误。',
        summaryImg: '{img:policyDeclaration}',
        author: `${SHORT}关务部`,
        source: `${SHORT}关务培训中心`,
        content: `<p>准确填制报关单是顺利通关的前提。结合日常审单中的常见问题，整理以下要点。</p>
<h2>易错栏目</h2>
<table>
<thead><tr><th>栏目</th><th>常见错误</th><th>填制提示</th></tr></thead>
<tbody>
<tr><td>监管方式</td><td>与实际业务不符</td><td>根据实际贸易性质选择</td></tr>
<tr><td>成交方式</td><td>与合同价格条款不一致</td><td>以合同约定的价格条款为准</td></tr>
<tr><td>运费、保费</td><td>成交方式为CIF时重复填报</td><td>根据成交方式判断是否需要填报</td></tr>
<tr><td>商品名称及规格型号</td><td>申报要素缺失</td><td>按申报要素逐项填写</td></tr>
</tbody>
</table>
<p>本文内容仅供培训参考，具体以现行报关单填制规范为准。</p>`,
      },
    },
    {
      daysAgo: 20.8,
      body: {
        title: '关于启用新版国际快递运单的通知',
        summary: '新版运单增加了申报价值币种、寄件人声明等栏目，新旧运单设过渡期并行使用。',
        author: `${SHORT}客户服务中心`,
        source: SHORT,
        isTop: 1,
        content: `<p>尊敬的客户：</p>
<p>为提高申报信息的准确性，${SHORT}将启用新版国际快递运单，现将有关事项通知如下：</p>
<ol>
<li>新版运单增加“申报价值币种”“寄件人声明”等栏目，物品名称栏请使用具体品名；</li>
<li>新旧运单设一个月过渡期，过渡期内两种运单均可使用；</li>
<li>通过官网“在线下单”寄件的客户，系统将自动生成新版电子运单，无需另行操作。</li>
</ol>
<p>如有疑问，请拨打客服热线 ${PHONE}。感谢您的支持！</p>`,
      },
    },
    {
      daysAgo: 27.4,
      body: {
        title: '航空运输危险品申报注意事项',
        translations: {
          en: {
            title: 'Declaring dangerous goods for air transport',
            summary: 'Air shipments of dangerous goods or lithium batteries need an accurate description, class and the right documents.',
            source: `${SHORT_EN} safety management`,
            content: `<p>For the safety of air transport, any shipment containing dangerous goods or lithium batteries must be declared truthfully before it is handed over. Please note:</p>
<ul>
<li>Declare the description, composition and hazard class of the goods truthfully;</li>
<li>Pack, mark and label the goods as the rules require;</li>
<li>Provide the transport test report or safety data sheet;</li>
<li>Never hide dangerous goods in an ordinary shipment.</li>
</ul>
<p>Shipments with hidden or wrongly declared dangerous goods are returned, and the sender may be held legally responsible.</p>`,
          },
        },
        summary: '危险品及含锂电池货物的航空运输申报，需要提供准确的品名、类别及相应文件。',
        summaryImg: '{img:policyDangerous}',
        author: `${SHORT}航空事业部`,
        source: `${SHORT}安全管理部`,
        content: `<p>为保障航空运输安全，含危险品或锂电池的货物在交运前必须如实申报。请寄件人注意以下事项：</p>
<ul>
<li>如实申报货物的品名、成分和危险性类别；</li>
<li>按规定进行包装、标记和粘贴标签；</li>
<li>提供相应的运输鉴定报告或安全数据资料；</li>
<li>不得将危险品夹带在普通货物中交运。</li>
</ul>
<p>隐瞒或错报危险品将被退运，并可能承担相应的法律责任。</p>`,
      },
    },
    {
      daysAgo: 34.9,
      body: {
        title: '出口退税申报材料清单更新说明',
        summary: '为便于客户办理出口退税，现将常用申报材料整理成清单，供财务与关务人员参考。',
        author: `${SHORT}关务部`,
        source: `${SHORT}政策研究室（据公开政策整理）`,
        content: `<p>出口企业办理退税时，通常需要准备以下材料（以主管税务机关的要求为准）：</p>
<ul>
<li>出口货物报关单相关电子信息；</li>
<li>增值税专用发票等进货凭证；</li>
<li>出口发票；</li>
<li>其他按规定需要提供的资料。</li>
</ul>
<p>${SHORT}可为代理报关的客户提供报关单电子数据查询和打印服务。</p>`,
      },
    },
  ],

  page: nested(
    [
      {
        body: { name: '关于我们', showType: 'splice' },
        items: [
          {
            daysAgo: 40,
            body: {
              title: '公司简介',
              translations: {
                en: {
                  title: 'About us',
                  tag: 'About',
                  summary: `${COMPANY_EN} is an integrated logistics company built around international express, cross-border e-commerce logistics and customs brokerage.`,
                  content: `<p>${COMPANY_EN} is headquartered in Shanghai, with sorting hubs in East, South and North China and long-standing partnerships with airlines, shipping lines and delivery partners abroad.</p>
<p>We offer international express, international freight, cross-border e-commerce logistics, customs brokerage, warehousing and distribution, covering the world's main countries and regions.</p>
<h2>Why us</h2>
<ul>
<li>Our own customs team, familiar with the declaration and supervision rules for all kinds of goods;</li>
<li>Tracking at every step, with notices at the key milestones;</li>
<li>Customer service around the clock.</li>
</ul>`,
                },
              },
              tag: '简介',
              sortNo: 1,
              isTop: 1,
              summary: `${COMPANY}是一家以国际快递、跨境电商物流和报关报检为核心业务的综合物流服务企业。`,
              summaryImg: '{img:pageAbout}',
              content: `<p>${COMPANY}总部位于上海，在华东、华南、华北设有分拨中心，与多家航空公司、船公司及海外配送伙伴建立了长期合作关系。</p>
<p>公司提供国际快递、国际货运、跨境电商物流、报关报检、仓储配送等服务，业务覆盖全球主要国家和地区。</p>
<h2>我们的优势</h2>
<ul>
<li>自建关务团队，熟悉各类商品的申报与监管要求；</li>
<li>全程轨迹可视，关键节点主动通知；</li>
<li>7×24小时客户服务。</li>
</ul>`,
            },
          },
          {
            daysAgo: 39,
            body: {
              title: '发展历程',
              translations: {
                en: {
                  title: 'Our history',
                  tag: 'History',
                  summary: 'From a small freight forwarder to an integrated logistics provider with a worldwide network.',
                  content: `<ol>
<li><strong>2008</strong>: founded in Shanghai as an international freight forwarder;</li>
<li><strong>2012</strong>: licensed as a customs broker, customs department set up;</li>
<li><strong>2015</strong>: international express launched, first sorting hub opened;</li>
<li><strong>2018</strong>: entry into cross-border e-commerce logistics, first overseas warehouse;</li>
<li><strong>2021</strong>: our own customs and logistics information system goes live;</li>
<li><strong>Today</strong>: the East China smart sorting hub is in operation and our network covers the world's main countries and regions.</li>
</ol>`,
                },
              },
              tag: '历程',
              sortNo: 2,
              summary: '从一家小型货运代理公司，成长为覆盖全球的综合物流服务商。',
              summaryImg: '{img:pageHistory}',
              content: `<ol>
<li><strong>2008年</strong>：公司在上海成立，开展国际货运代理业务；</li>
<li><strong>2012年</strong>：取得报关企业资质，成立关务部；</li>
<li><strong>2015年</strong>：开通国际快递业务，建成华东分拨中心；</li>
<li><strong>2018年</strong>：进入跨境电商物流领域，开设海外仓；</li>
<li><strong>2021年</strong>：上线自主研发的关务与物流信息系统；</li>
<li><strong>如今</strong>：华东智能分拨中心投入运营，服务网络覆盖全球主要国家和地区。</li>
</ol>`,
            },
          },
          {
            daysAgo: 38,
            body: {
              title: '企业文化',
              translations: {
                en: {
                  title: 'Our culture',
                  tag: 'Culture',
                  summary: 'Integrity, expertise, efficiency and shared success.',
                  content: `<h2>Mission</h2><p>Make moving goods around the world simpler.</p>
<h2>Vision</h2><p>To be the cross-border logistics partner our customers trust.</p>
<h2>Values</h2><ul><li>Integrity</li><li>Expertise</li><li>Efficiency</li><li>Shared success</li></ul>`,
                },
              },
              tag: '文化',
              sortNo: 3,
              summary: '诚信、专业、高效、共赢。',
              summaryImg: '{img:pageCulture}',
              content: `<h2>使命</h2><p>让全球货物流通更简单。</p>
<h2>愿景</h2><p>成为客户信赖的跨境物流伙伴。</p>
<h2>价值观</h2><ul><li>诚信</li><li>专业</li><li>高效</li><li>共赢</li></ul>`,
            },
          },
          {
            daysAgo: 37,
            body: {
              title: '资质荣誉',
              tag: '资质',
              sortNo: 4,
              summary: '公司具备开展国际货运代理、报关等业务的相关资质。',
              summaryImg: '{img:pageQualification}',
              content: `<ul>
<li>国际货运代理企业备案</li>
<li>报关企业备案</li>
<li>快递业务经营许可</li>
<li>质量管理体系认证</li>
<li>年度优秀跨境物流服务商</li>
</ul>`,
            },
          },
        ],
      },
      {
        body: { name: '服务介绍', showType: 'tabs' },
        items: [
          {
            daysAgo: 36,
            body: {
              title: '国际快递',
              translations: {
                en: {
                  title: 'International express',
                  tag: 'Express',
                  summary: 'Door-to-door international express to the main countries and regions of the world.',
                  content: `<p>Door-to-door international express for documents and parcels, with pickup, customs declaration on your behalf and tracking all the way.</p>
<ul><li>Standard: good value for everyday goods;</li><li>Priority: the fastest, for urgent documents and samples;</li><li>Economy: for large parcels that are not in a hurry.</li></ul>`,
                },
              },
              tag: '快递',
              sortNo: 1,
              summary: '门到门国际快递服务，覆盖全球主要国家和地区。',
              content: `<p>提供文件、包裹的门到门国际快递服务，支持上门取件、代为报关和全程轨迹查询。</p>
<ul><li>标准快递：性价比高，适合一般商品；</li><li>特快专递：时效优先，适合紧急文件和样品；</li><li>经济快递：适合不急于到达的大件包裹。</li></ul>`,
            },
          },
          {
            daysAgo: 35,
            body: {
              title: '跨境电商物流',
              tag: '电商',
              sortNo: 2,
              summary: '头程运输、海外仓储与尾程派送一体化解决方案。',
              content: `<p>为跨境电商卖家提供小包直发、海外仓备货和退货处理服务，支持与主流电商平台和ERP系统对接。</p>`,
            },
          },
          {
            daysAgo: 34,
            body: {
              title: '报关报检',
              tag: '关务',
              sortNo: 3,
              summary: '一般贸易、跨境电商、快件等多种方式的报关报检服务。',
              content: `<p>专业关务团队提供商品归类、申报要素审核、报关报检、查验配合等服务，帮助企业合规、高效通关。</p>`,
            },
          },
          {
            daysAgo: 33,
            body: {
              title: '仓储配送',
              tag: '仓配',
              sortNo: 4,
              summary: '保税仓、普通仓与城市配送服务。',
              content: `<p>在主要口岸城市设有保税仓和普通仓，提供入库、存储、拣货、包装和城市配送服务，库存数据实时可查。</p>`,
            },
          },
        ],
      },
      {
        body: { name: '帮助中心', showType: 'tabs' },
        items: [
          {
            daysAgo: 30,
            body: {
              title: '常见问题',
              translations: {
                en: {
                  title: 'FAQ',
                  tag: 'FAQ',
                  summary: 'Answers to common questions about sending, tracking, customs clearance and claims.',
                  content: `<h3>How do I track a parcel?</h3><p>Enter the waybill number in Track a Shipment on our website to see its latest status.</p>
<h3>How long does customs clearance take?</h3><p>Usually one to three working days; longer when the parcel is inspected or documents are missing.</p>
<h3>Can I change the delivery address?</h3><p>Contact customer service before the parcel is out for delivery; a fee may apply.</p>`,
                },
              },
              tag: 'FAQ',
              sortNo: 1,
              isHot: 1,
              summary: '寄件、查询、清关和理赔的常见问题解答。',
              content: `<h3>如何查询包裹？</h3><p>在官网“运单查询”中输入运单号即可查看最新轨迹。</p>
<h3>包裹清关需要多久？</h3><p>一般为1至3个工作日，遇查验或资料不全时会相应延长。</p>
<h3>可以修改收件地址吗？</h3><p>包裹派送前可联系客服申请修改，可能产生额外费用。</p>`,
            },
          },
          {
            daysAgo: 29,
            body: {
              title: '禁限寄物品说明',
              tag: '须知',
              sortNo: 2,
              summary: '哪些物品不能寄、哪些物品需要额外文件。',
              content: `<p>以下物品禁止通过国际快递寄送：</p>
<ul><li>易燃易爆物品</li><li>毒害性、腐蚀性物品</li><li>各类武器及其仿制品</li><li>法律法规禁止流通的物品</li></ul>
<p>含锂电池的电子产品、液体、粉末等物品属于限寄物品，需按要求申报并提供相应文件。</p>`,
            },
          },
          {
            daysAgo: 28,
            body: {
              title: '理赔须知',
              tag: '理赔',
              sortNo: 3,
              summary: '包裹丢失或损坏时的理赔流程与所需材料。',
              content: `<ol><li>发现包裹丢失或损坏后，请尽快联系客服登记；</li><li>提供运单号、物品价值证明及损坏照片；</li><li>我们将在受理后尽快完成核实并反馈处理结果。</li></ol>`,
            },
          },
        ],
      },
      {
        body: { name: '加入我们', showType: 'splice' },
        items: [
          {
            daysAgo: 12,
            body: {
              title: '招聘岗位',
              tag: '招聘',
              sortNo: 1,
              summary: '我们正在寻找热爱物流行业的你。',
              content: `<table>
<thead><tr><th>岗位</th><th>工作地点</th><th>人数</th></tr></thead>
<tbody>
<tr><td>关务专员</td><td>上海</td><td>3</td></tr>
<tr><td>国际快递客服</td><td>上海</td><td>5</td></tr>
<tr><td>仓储主管</td><td>深圳</td><td>1</td></tr>
<tr><td>Java开发工程师</td><td>上海</td><td>2</td></tr>
</tbody>
</table>
<p>简历请投递至 hr@example.com，邮件标题注明“应聘岗位 + 姓名”。</p>`,
            },
          },
        ],
      },
    ],
    'items',
    'pageItem',
    'pageId',
  ),

  businessType: plain([
    {
      code: 'GJKD',
      name: '国际快递',
      translations: {
        en: {
          name: 'International express',
          summary:
            'Door-to-door international express for documents and parcels, with pickup, customs declaration on your behalf and full tracking.',
        },
      },
      sortNo: 1,
      summary: '文件与包裹的门到门国际快递，支持上门取件、代为报关与全程轨迹查询。',
      summaryImg: '{img:businessExpress}',
    },
    {
      code: 'KJDS',
      name: '跨境电商',
      translations: {
        en: {
          name: 'Cross-border e-commerce',
          summary: 'Direct small-parcel shipping, overseas warehouse stock and returns handling: one service for cross-border sellers.',
        },
      },
      sortNo: 2,
      summary: '小包直发、海外仓备货和退货处理，一站式服务跨境电商卖家。',
      summaryImg: '{img:businessEcommerce}',
    },
    {
      code: 'BGBJ',
      name: '报关报检',
      translations: {
        en: {
          name: 'Customs brokerage',
          summary: 'Classification, declaration checks, customs declaration and inspection support, for compliant clearance.',
        },
      },
      sortNo: 3,
      summary: '商品归类、申报要素审核、报关报检与查验配合，助力企业合规通关。',
      summaryImg: '{img:businessCustoms}',
    },
    {
      code: 'CCPS',
      name: '仓储配送',
      translations: {
        en: {
          name: 'Warehousing and distribution',
          summary: 'Bonded and general warehouses in port cities, with receiving, storage, picking, packing and city delivery.',
        },
      },
      sortNo: 4,
      summary: '口岸城市的保税仓与普通仓，提供入库、存储、拣货包装与城市配送。',
      summaryImg: '{img:businessWarehouse}',
    },
    {
      code: 'GJHY',
      name: '国际货运',
      translations: {
        en: {
          name: 'International freight',
          summary: 'Full and shared containers by sea, air freight and China–Europe rail, combined to fit your schedule and budget.',
        },
      },
      sortNo: 5,
      summary: '海运整箱与拼箱、空运和中欧班列，按时效与成本灵活组合。',
      summaryImg: '{img:businessFreight}',
    },
  ]),

  business: plain([
    {
      type: 'GJKD',
      name: '云翼航空货运',
      translations: { en: { name: 'Yunyi Air Cargo', summary: 'Freighter and belly capacity on Asia–Europe and Asia–America routes.' } },
      sortNo: 1,
      summary: '提供亚欧、亚美航线的全货机与腹舱运力。',
      logo: '{img:partnerAir}',
      url: 'https://example.com/partners/yunyi-air-cargo',
    },
    {
      type: 'GJHY',
      name: '沧溟远洋船务',
      translations: { en: { name: 'Cangming Ocean Shipping', summary: 'Container liner services from Asia to Europe and North America.' } },
      sortNo: 2,
      summary: '经营亚洲至欧洲、北美的集装箱班轮航线。',
      logo: '{img:partnerShipping}',
      url: 'https://example.com/partners/cangming-shipping',
    },
    {
      type: 'GJHY',
      name: '长风国际班列',
      translations: {
        en: {
          name: 'Changfeng International Rail',
          summary: 'Runs several China–Europe rail routes, with full-train and consolidated services.',
        },
      },
      sortNo: 3,
      summary: '运营多条中欧班列线路，提供整列与集拼服务。',
      logo: '{img:partnerRail}',
      url: 'https://example.com/partners/changfeng-rail',
    },
    {
      type: 'KJDS',
      name: '万象跨境购',
      translations: {
        en: {
          name: 'Wanxiang Cross-border Mall',
          summary: 'A cross-border shopping platform for consumers abroad; we work closely together on clearance and delivery.',
        },
      },
      sortNo: 4,
      summary: '面向海外消费者的跨境电商平台，双方在清关与配送方面深度合作。',
      logo: '{img:partnerMall}',
      url: 'https://example.com/partners/wanxiang-mall',
    },
    {
      type: 'CCPS',
      name: '北辰智慧仓储',
      sortNo: 5,
      summary: '在多个口岸城市运营保税仓与海外仓。',
      logo: '{img:partnerStorage}',
      url: 'https://example.com/partners/beichen-storage',
    },
    {
      type: 'CCPS',
      name: '畅途城市配送',
      sortNo: 6,
      summary: '覆盖长三角主要城市的当日达与次日达配送。',
      logo: '{img:partnerCity}',
      url: 'https://example.com/partners/changtu-city',
    },
    {
      type: 'BGBJ',
      name: '关易通数字报关',
      sortNo: 7,
      summary: '提供报关数据校验与单证电子化服务。',
      logo: '{img:partnerBroker}',
      url: 'https://example.com/partners/guanyitong',
    },
  ]),

  applicationType: plain([
    { code: 'CXFW', name: '查询服务', sortNo: 1, translations: { en: { name: 'Tracking and lookup' } } },
    { code: 'ZXBL', name: '在线办理', sortNo: 2, translations: { en: { name: 'Online services' } } },
    { code: 'GWGJ', name: '关务工具', sortNo: 3, translations: { en: { name: 'Customs tools' } } },
  ]),

  application: plain([
    {
      type: 'CXFW',
      name: '运单查询',
      sortNo: 1,
      icon: '{img:appTrack}',
      url: 'https://example.com/tools/tracking',
      translations: { en: { name: 'Track a shipment' } },
    },
    {
      type: 'CXFW',
      name: '时效查询',
      sortNo: 2,
      icon: '{img:appTime}',
      url: 'https://example.com/tools/transit-time',
      translations: { en: { name: 'Transit times' } },
    },
    {
      type: 'CXFW',
      name: '网点查询',
      sortNo: 3,
      icon: '{img:appOutlet}',
      url: 'https://example.com/tools/outlets',
      translations: { en: { name: 'Find a service point' } },
    },
    { type: 'CXFW', name: '禁限寄物品查询', sortNo: 4, icon: '{img:appBanned}', url: 'https://example.com/tools/prohibited-items' },
    {
      type: 'ZXBL',
      name: '运费估算',
      sortNo: 1,
      icon: '{img:appQuote}',
      url: 'https://example.com/tools/freight-estimate',
      translations: { en: { name: 'Freight estimate' } },
    },
    {
      type: 'ZXBL',
      name: '在线下单',
      sortNo: 2,
      icon: '{img:appOrder}',
      url: 'https://example.com/tools/order',
      translations: { en: { name: 'Book online' } },
    },
    { type: 'GWGJ', name: '报关状态查询', sortNo: 1, icon: '{img:appCustoms}', url: 'https://example.com/tools/customs-status' },
  ]),

  supplier: nested(
    [
      {
        body: { name: '恒信包装材料', sortNo: 1, summary: '专业生产瓦楞纸箱与缓冲包装材料。', logo: '{img:supplierPack}' },
        products: [
          {
            daysAgo: 20,
            body: {
              name: '五层加厚瓦楞纸箱',
              translations: {
                en: {
                  name: 'Heavy-duty five-ply carton',
                  summary: 'A reinforced carton for international express: strong, damp-resistant, in many sizes.',
                },
              },
              sortNo: 1,
              summary: '适合国际快递的加厚纸箱，抗压防潮，多种规格可选。',
              img: '{img:productCarton}',
              url: 'https://example.com/products/carton-5-ply',
            },
          },
          {
            daysAgo: 19,
            body: {
              name: '气泡缓冲卷膜',
              translations: {
                en: { name: 'Bubble cushioning roll', summary: 'Double-layer bubbles that protect fragile goods reliably.' },
              },
              sortNo: 2,
              summary: '双层气泡结构，为易碎品提供可靠缓冲保护。',
              img: '{img:productBubble}',
              url: 'https://example.com/products/bubble-wrap',
            },
          },
        ],
      },
      {
        body: { name: '智联物流设备', sortNo: 2, summary: '物流扫描、打印与称重设备供应商。', logo: '{img:supplierDevice}' },
        products: [
          {
            daysAgo: 16,
            body: {
              name: '工业级手持数据终端',
              translations: {
                en: {
                  name: 'Rugged handheld data terminal',
                  summary: 'Reads 1D and 2D barcodes fast; built for sorting hubs and warehouses.',
                },
              },
              sortNo: 1,
              summary: '支持一维码、二维码快速识读，适合分拨中心与仓库作业。',
              img: '{img:productPda}',
              url: 'https://example.com/products/handheld-terminal',
            },
          },
          {
            daysAgo: 15,
            body: {
              name: '热敏电子面单打印机',
              translations: {
                en: {
                  name: 'Thermal shipping label printer',
                  summary: 'Prints sharp 100 × 150 mm labels and fits the common label templates.',
                },
              },
              sortNo: 2,
              summary: '支持100×150毫米面单，打印清晰，适配主流面单模板。',
              img: '{img:productPrinter}',
              url: 'https://example.com/products/label-printer',
            },
          },
        ],
      },
      {
        body: { name: '冰峰冷链科技', sortNo: 3, summary: '医药与生鲜冷链包装解决方案。', logo: '{img:supplierCold}' },
        products: [
          {
            daysAgo: 11,
            body: {
              name: '医药冷链保温箱',
              sortNo: 1,
              summary: '搭配冰排使用，可在规定时间内保持2至8摄氏度。',
              img: '{img:productCoolbox}',
              url: 'https://example.com/products/cold-chain-box',
            },
          },
        ],
      },
      {
        body: { name: '稳达托盘', sortNo: 4, summary: '塑料托盘与木托盘的生产和租赁。', logo: '{img:supplierPallet}' },
        products: [
          {
            daysAgo: 7,
            body: {
              name: '塑料川字托盘',
              sortNo: 1,
              summary: '适合叉车与货架作业，可循环使用，出口免熏蒸。',
              img: '{img:productPallet}',
              url: 'https://example.com/products/plastic-pallet',
            },
          },
        ],
      },
    ],
    'products',
    'product',
    'supplierId',
  ),

  banner: plain([
    {
      bannerType: 'index',
      title: '连接全球 通达四海',
      translations: {
        en: { title: 'Connecting the world', name: 'Home – port', summary: 'Sea, air and rail combined: the right route for your goods.' },
      },
      name: '首页-港口',
      summary: '海运、空运、铁路多式联运，为您的货物找到最合适的路线。',
      imgUrl: '{img:bannerPort}',
      url: '/business/freight',
      sortNo: 1,
    },
    {
      bannerType: 'index',
      title: '国际快递 门到门全程可视',
      translations: {
        en: {
          title: 'International express, door to door, tracked all the way',
          name: 'Home – air',
          summary: 'Pickup, customs declaration on your behalf and live tracking.',
        },
      },
      name: '首页-航空',
      summary: '上门取件、代为报关、轨迹实时可查。',
      imgUrl: '{img:bannerAir}',
      url: '/business/express',
      sortNo: 2,
    },
    {
      bannerType: 'index',
      title: '仓配一体 准时送达',
      translations: {
        en: {
          title: 'Warehousing and delivery, on time',
          name: 'Home – warehouse',
          summary: 'Bonded warehouses in port cities and city delivery, with live stock data.',
        },
      },
      name: '首页-仓配',
      summary: '口岸城市保税仓与城市配送，库存数据实时可查。',
      imgUrl: '{img:bannerRoad}',
      url: '/business/warehouse',
      sortNo: 3,
    },
    {
      bannerType: 'news001',
      title: '行业动态',
      name: '新闻中心-行业动态',
      summary: '关注跨境物流行业的最新变化。',
      imgUrl: '{img:bannerNetwork}',
      url: '/news?type=hydt',
      sortNo: 1,
    },
    {
      bannerType: 'news002',
      title: '通知公告',
      name: '新闻中心-通知公告',
      summary: '服务调整与重要通知。',
      imgUrl: '{img:bannerNotice}',
      url: '/policy',
      sortNo: 1,
    },
    {
      bannerType: 'news003',
      title: '政策法规',
      translations: {
        en: {
          title: 'Policies and regulations',
          name: 'News – policies',
          summary: 'Clearance policies explained and declaration guidance.',
        },
      },
      name: '新闻中心-政策法规',
      summary: '通关政策解读与申报指引。',
      imgUrl: '{img:bannerPolicy}',
      url: '/policy?hot=1',
      sortNo: 1,
    },
  ]),

  link: plain([
    {
      name: '中华人民共和国海关总署',
      url: 'http://www.customs.gov.cn',
      sortNo: 1,
      enableFlag: 1,
      translations: { en: { name: 'General Administration of Customs of China' } },
    },
    {
      name: '中华人民共和国商务部',
      url: 'http://www.mofcom.gov.cn',
      sortNo: 2,
      enableFlag: 1,
      translations: { en: { name: 'Ministry of Commerce of China' } },
    },
    {
      name: '中国国际贸易单一窗口',
      url: 'https://www.singlewindow.cn',
      sortNo: 3,
      enableFlag: 1,
      translations: { en: { name: 'China International Trade Single Window' } },
    },
    {
      name: '国家邮政局',
      url: 'https://www.spb.gov.cn',
      sortNo: 4,
      enableFlag: 1,
      translations: { en: { name: 'State Post Bureau of China' } },
    },
    { name: '国家税务总局', url: 'https://www.chinatax.gov.cn', sortNo: 5, enableFlag: 0 },
    { name: '中国民用航空局', url: 'https://www.caac.gov.cn', sortNo: 6, enableFlag: 0 },
  ]),

  contact: plain([
    {
      organizers: COMPANY,
      translations: { en: { organizers: COMPANY_EN, address: ADDRESS_EN } },
      address: ADDRESS,
      phone: PHONE,
      recordNumber: RECORD_NUMBER,
      enableFlag: 1,
      img: '{img:contactQr}',
      pngLogo: '{img:logoPng}',
      jpgLogo: '{img:logoJpg}',
      iconImg: '{img:logoIcon}',
    },
  ]),

  company: plain([
    {
      name: COMPANY,
      shortName: SHORT,
      translations: {
        en: {
          name: COMPANY_EN,
          shortName: SHORT_EN,
          summary: `${COMPANY_EN} is an integrated logistics company built around international express, cross-border e-commerce logistics and customs brokerage. Headquartered in Shanghai, with sorting hubs in East, South and North China, it serves the world's main countries and regions.`,
          address: ADDRESS_EN,
          metaTitle: `${SHORT_EN} – international express, freight and customs brokerage`,
        },
      },
      metaTitle: `${SHORT} - 国际快递、国际货运与报关报检`,
      summary: `${COMPANY}是一家以国际快递、跨境电商物流和报关报检为核心业务的综合物流服务企业，总部位于上海，在华东、华南、华北设有分拨中心，服务网络覆盖全球主要国家和地区。`,
      logo: '{img:logoPng}',
      address: ADDRESS,
      phone: PHONE,
      email: 'service@example.com',
      website: 'https://www.example.com',
      recordNumber: RECORD_NUMBER,
    },
  ]),

  waybill: [
    {
      daysAgo: 45,
      body: {
        code: 'WB-EXP-A4',
        name: '国际快递标准运单',
        sortNo: 1,
        sketchImg: '{img:waybillSheet}',
        content: `<table>
<tbody>
<tr><th colspan="2">${COMPANY} 国际快递运单</th><td colspan="2">运单号：{{waybillNo}}</td></tr>
<tr><th>寄件人</th><td>{{sender.name}} {{sender.phone}}</td><th>收件人</th><td>{{receiver.name}} {{receiver.phone}}</td></tr>
<tr><th>寄件地址</th><td>{{sender.address}}</td><th>收件地址</th><td>{{receiver.address}} {{receiver.country}}</td></tr>
<tr><th>物品名称</th><td>{{goods.name}}</td><th>件数 / 重量</th><td>{{goods.pieces}} 件 / {{goods.weight}} 千克</td></tr>
<tr><th>申报价值</th><td>{{goods.value}} {{goods.currency}}</td><th>付款方式</th><td>{{payment}}</td></tr>
<tr><th>寄件人签名</th><td>&nbsp;</td><th>收件日期</th><td>{{pickupDate}}</td></tr>
</tbody>
</table>
<p>寄件人声明：所寄物品不含禁限寄物品，申报内容真实准确。</p>`,
      },
    },
    {
      daysAgo: 44,
      body: {
        code: 'WB-ECP-100150',
        name: '跨境电商小包面单（100×150）',
        sortNo: 2,
        sketchImg: '{img:waybillLabel}',
        content: `<table>
<tbody>
<tr><td colspan="2"><strong>{{channel}}</strong></td></tr>
<tr><td colspan="2">{{barcode}}</td></tr>
<tr><th>TO</th><td>{{receiver.name}}<br>{{receiver.address}}<br>{{receiver.postcode}} {{receiver.country}}</td></tr>
<tr><th>FROM</th><td>{{sender.name}}<br>{{sender.address}}</td></tr>
<tr><th>订单号</th><td>{{orderNo}}</td></tr>
<tr><th>重量</th><td>{{goods.weight}} 千克</td></tr>
</tbody>
</table>`,
      },
    },
  ],
  job: [
    {
      daysAgo: 2,
      body: {
        title: '国际快递客服专员',
        translations: {
          en: {
            title: 'International express customer service agent',
            city: 'Shanghai',
            department: 'Customer Service Centre',
            content:
              '<h3>What you will do</h3><ol><li>Handle customers’ tracking requests, transit-time questions and complaints by phone and online chat;</li><li>Follow up exceptions (delays, damage, returns) with the sorting hubs and agents abroad;</li><li>Collect frequent questions to improve the self-service pages.</li></ol><h3>What we look for</h3><ol><li>A college diploma or above, clear Mandarin and basic written English;</li><li>Customer service experience in express or cross-border e-commerce is a plus;</li><li>Able to work early and late shifts.</li></ol><p>Place of work: Huatong Logistics Tower, 1288 Gangcheng Road, Pudong New Area, Shanghai.</p>',
          },
        },
        city: '上海',
        department: '客户服务中心',
        headcount: 5,
        salary: '6-8K·13薪',
        content:
          '<h3>岗位职责</h3><ol><li>通过电话、在线客服受理客户的运单查询、时效咨询与投诉；</li><li>跟进异常件（延误、破损、退件），协调分拨中心与海外代理给出处理方案；</li><li>整理常见问题，配合优化自助查询页面。</li></ol><h3>任职要求</h3><ol><li>大专及以上学历，普通话标准，具备基础英语读写能力；</li><li>有快递或跨境电商客服经验者优先；</li><li>可接受早晚班轮岗。</li></ol><p>工作地点：上海市浦东新区港城路1288号华通物流大厦。</p>',
      },
    },
    {
      daysAgo: 4,
      body: {
        title: '报关员',
        translations: {
          en: {
            title: 'Customs declarant',
            city: 'Shenzhen',
            department: 'Customs Department',
            content:
              '<h3>What you will do</h3><ol><li>Declare imports and exports, support inspections and follow release;</li><li>Check commercial invoices, packing lists and certificates of origin, and classify goods accurately;</li><li>Follow changes in customs policy and advise the business teams on compliance.</li></ol><h3>What we look for</h3><ol><li>Two years or more of declaration experience and good knowledge of the Single Window;</li><li>Knowledge of the 9610, 9710 and 9810 cross-border e-commerce procedures is a plus.</li></ol>',
          },
        },
        city: '深圳',
        department: '关务部',
        headcount: 2,
        salary: '8-12K',
        content:
          '<h3>岗位职责</h3><ol><li>负责进出口货物的申报、查验配合与放行跟踪；</li><li>审核商业发票、装箱单与原产地证明，准确归类商品编码；</li><li>跟进海关政策变化，为业务部门提供合规建议。</li></ol><h3>任职要求</h3><ol><li>熟悉海关单一窗口操作与报关流程，两年以上报关经验；</li><li>熟悉跨境电商 9610、9710、9810 监管方式者优先。</li></ol>',
      },
    },
    {
      daysAgo: 6,
      body: {
        title: '仓储主管',
        city: '苏州',
        department: '华东智能分拨中心',
        headcount: 1,
        salary: '12-18K',
        content:
          '<h3>岗位职责</h3><ol><li>统筹保税仓的收货、上架、拣选与出库，达成时效与准确率指标；</li><li>管理班组排班与绩效，组织安全与消防培训；</li><li>推动自动化分拣设备与仓储系统的持续改进。</li></ol><h3>任职要求</h3><ol><li>三年以上仓储管理经验，熟悉 WMS 系统；</li><li>有保税仓或跨境电商仓管理经验者优先。</li></ol>',
      },
    },
    {
      daysAgo: 9,
      body: {
        title: '跨境物流销售经理',
        city: '广州',
        department: '华南销售部',
        headcount: 3,
        salary: '10-20K + 提成',
        content:
          '<h3>岗位职责</h3><ol><li>开发跨境电商卖家与外贸企业客户，销售国际快递、专线与海外仓服务；</li><li>根据客户货量与目的国制定物流方案与报价；</li><li>维护重点客户关系，完成季度业绩目标。</li></ol><h3>任职要求</h3><ol><li>两年以上物流或货代销售经验，有客户资源者优先；</li><li>沟通能力强，能适应短途出差。</li></ol>',
      },
    },
    {
      daysAgo: 1,
      body: {
        title: '航空货运操作员（春节后到岗）',
        city: '北京',
        department: '空运操作部',
        headcount: 4,
        salary: '7-9K',
        status: 'draft',
        content:
          '<h3>岗位职责</h3><ol><li>负责航空货物的订舱、交接与单证制作；</li><li>跟踪航班动态，及时处理拉货与转运。</li></ol><h3>任职要求</h3><p>熟悉空运进出口流程，了解危险品运输规定者优先。</p>',
      },
    },
  ],
};
