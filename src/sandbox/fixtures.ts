/**
 * Seeded fixtures of the sandbox: the demo account's KYB theme, flow and questionnaires, and the
 * fictional AML sample list. Tests and the demo reuse these exports.
 *
 * The two questionnaires together use all 21 question types; conditions follow the supplement's
 * grammar (a section condition reading another section, and a question whose condition reads another
 * conditional question).
 */
import type { QuestionnaireDefinition } from '../api/kyb.ts';

export const DEMO_THEME = {
  companyName: 'Northwind Payments',
  /** Relative here; the sandbox answers absolute URIs (published `format: uri`) on its own origin. */
  logo: '/logo.svg',
  /** A font file (published: a URI), served by the demo site (Open Sans, Apache License 2.0). */
  font: '/fonts/open-sans.woff2',
  supportEmail: 'support@northwind.example',
  colors: {
    primary: '#1d4ed8',
    secondary: '#0f766e',
    primaryBackground: '#ffffff',
    secondaryBackground: '#f1f5f9',
    hoveredButton: '#1e40af',
    disabledIconButton: '#94a3b8',
    disabledButtonTypography: '#475569',
    disabledButton: '#e2e8f0',
    typography: '#0f172a',
    success: '#15803d',
    successBackground: '#dcfce7',
    error: '#b91c1c',
    errorBackground: '#fee2e2',
    warning: '#a16207',
    warningBackground: '#fef9c3',
    info: '#1d4ed8',
    infoBackground: '#dbeafe',
    border: '#64748b',
  },
} as const;

export const DEMO_FLOW = {
  fields: [
    { field: 'COMPANY_NAME', required: true, order: 1, readOnly: false, changeRequired: false },
    { field: 'COUNTRY', required: true, order: 2, readOnly: false, changeRequired: false },
    { field: 'REGISTRATION_NUMBER', required: true, order: 3, readOnly: false, changeRequired: false },
    { field: 'TYPE', required: false, order: 4, readOnly: false, changeRequired: false },
    { field: 'EMAIL', required: true, order: 5, readOnly: false, changeRequired: false },
    { field: 'PHONE', required: false, order: 6, readOnly: false, changeRequired: false },
    { field: 'WEBSITE', required: false, order: 7, readOnly: false, changeRequired: false },
    { field: 'STREET', required: true, order: 8, readOnly: false, changeRequired: false },
    { field: 'CITY', required: true, order: 9, readOnly: false, changeRequired: false },
    { field: 'POSTCODE', required: true, order: 10, readOnly: false, changeRequired: false },
    {
      field: 'TIN',
      required: false,
      order: 11,
      readOnly: false,
      changeFrom: '000000000',
      changeRequired: true,
    },
    { field: 'REGION', required: false, order: 12, readOnly: false, changeRequired: false },
  ],
  fieldsCustom: [
    {
      field: {
        id: '6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
        key: 'expectedMonthlyVolume',
        title: 'Expected monthly volume',
        description: 'Card and transfer volume you expect to process each month.',
        type: 'SELECT',
        choices: [
          { key: 'lt100k', title: 'Under 100,000 EUR' },
          { key: '100k-1m', title: '100,000 to 1 million EUR' },
          { key: 'gt1m', title: 'Over 1 million EUR' },
        ],
      },
      required: true,
      order: 13,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '7a2d3b5f-9e4c-4d6b-8f80-2b3c4d5e6f70',
        key: 'referralCode',
        title: 'Referral code',
        description: 'If a partner referred you, enter their code.',
        type: 'TEXT',
        choices: [],
      },
      required: false,
      order: 14,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '0b9e1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        key: 'employees',
        title: 'Number of employees',
        description: null,
        type: 'INTEGER',
      },
      required: false,
      order: 15,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '1c0f2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e',
        key: 'founded',
        title: 'Date the company was founded',
        description: null,
        type: 'DATE',
      },
      required: false,
      order: 16,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '2d1a3e4f-5a6b-4c7d-8e8f-9a0b1c2d3e4f',
        key: 'operatingCountries',
        title: 'Countries you operate in',
        description: 'Countries where the company has offices or staff.',
        type: 'COUNTRY_MULTI',
      },
      required: false,
      order: 17,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '3e2b4f5a-6b7c-4d8e-9f90-a1b2c3d4e5f6',
        key: 'paymentMethods',
        title: 'Payment methods you accept',
        description: null,
        type: 'SELECT_MULTI',
        choices: [
          { key: 'cards', title: 'Cards' },
          { key: 'transfers', title: 'Bank transfers' },
          { key: 'wallets', title: 'Digital wallets' },
        ],
      },
      required: false,
      order: 18,
      readOnly: false,
      changeRequired: false,
    },
    {
      field: {
        id: '4f3c5a6b-7c8d-4e9f-8a01-b2c3d4e5f6a7',
        key: 'regulated',
        title: 'The company is regulated by a financial authority',
        description: null,
        type: 'CHECKBOX',
      },
      required: false,
      order: 19,
      readOnly: false,
      changeRequired: false,
    },
  ],
  documents: [
    {
      docType: 'INCORPORATION_CERT',
      description: 'Certificate of incorporation issued by the company register.',
      required: true,
    },
    {
      docType: 'PROOF_OF_ADDRESS',
      description: 'A utility bill or bank statement under 3 months old.',
      required: true,
    },
    {
      docType: 'INCORPORATION_ARTICLES',
      description: 'Articles of association (optional).',
      required: false,
    },
  ],
  // Which roles a company may hold: a shareholder only (an ultimate beneficial owner, a CEO, a representative
  // or an alternative beneficial owner is a person), as <kyb-form> offers them.
  beneficiaries: (
    [
      ['UBO', false],
      ['SHAREHOLDER', true],
      ['CEO', false],
      ['REPRESENTATIVE', false],
      ['ABO', false],
    ] as const
  ).map(([beneficiaryType, companies]) => ({
    beneficiaryType,
    applicants: [
      {
        applicantType: 'INDIVIDUAL',
        fields: [
          { field: 'NAME', required: true, order: 1 },
          { field: 'SURNAME', required: true, order: 2 },
          { field: 'DATE_OF_BIRTH', required: true, order: 3 },
          { field: 'NATIONALITY', required: false, order: 4 },
          { field: 'POSITIONS', required: false, order: 5 },
        ],
        required: true,
        fieldsCustom: null,
        documents: [
          { docType: 'IDENTITY_DOCUMENT', description: 'Passport or national ID card.', required: true },
        ],
      },
      ...(companies
        ? [
            {
              applicantType: 'COMPANY',
              fields: [
                { field: 'COMPANY_NAME', required: true, order: 1 },
                { field: 'COUNTRY', required: true, order: 2 },
                { field: 'REGISTRATION_NUMBER', required: false, order: 3 },
              ],
              required: false,
              fieldsCustom: null,
              documents: [
                {
                  docType: 'INCORPORATION_CERT',
                  description: 'Certificate of incorporation of this company.',
                  required: false,
                },
              ],
            },
          ]
        : []),
    ],
    required: false,
    fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: true, order: 1 }],
    ...(beneficiaryType === 'UBO'
      ? { description: "Include the company's directors too, even when they own no shares." }
      : {}),
    readOnly: false,
  })),
  companySearch: false,
  bankVerification: false,
  emailVerification: false,
  ownershipFullStructure: true,
  ownershipPercentageThreshold: 25,
  description: 'Tell us about your company so we can open your Northwind merchant account.',
  questionnaireDescription: 'A few questions about how your business operates.',
} as const;

export const DEMO_KYB_INFO = { locale: 'en', theme: DEMO_THEME, flow: DEMO_FLOW } as const;

const INDUSTRY_CHOICES = [
  { key: 'fintech', title: 'Financial technology' },
  { key: 'crypto', title: 'Crypto assets' },
  { key: 'retail', title: 'Retail / e-commerce' },
  { key: 'gaming', title: 'Gaming' },
  { key: 'other', title: 'Other' },
];

export const DEMO_QUESTIONNAIRES: QuestionnaireDefinition[] = [
  {
    key: 'business-profile',
    name: 'Business profile',
    title: 'About your business',
    description: 'How your business operates and who to contact.',
    type: 'KYB',
    sections: [
      {
        key: 'business',
        title: 'Business activity',
        description: 'Your main line of business.',
        questions: [
          {
            key: 'industry',
            title: 'Industry',
            type: 'SELECT',
            choices: INDUSTRY_CHOICES,
            required: true,
          },
          {
            key: 'industryOther',
            title: 'Describe your industry',
            type: 'TEXT',
            required: true,
            placeholder: 'Travel agency',
            condition: 'industry == "other"',
          },
          {
            key: 'otherProvider',
            title: 'You already take payments through another provider',
            type: 'CHECKBOX',
            required: false,
          },
          {
            key: 'provider',
            title: 'Current payment provider',
            description: 'The company that processes your payments today.',
            type: 'TEXT',
            required: true,
            placeholder: 'PayFlow Ltd',
            condition: 'otherProvider == true',
          },
          {
            key: 'providerAccount',
            title: 'Your account ID with that provider',
            type: 'TEXT',
            required: true,
            condition: 'business.provider != null && business.provider != ""',
          },
          {
            key: 'activeCustomers',
            title: 'Number of active customers',
            type: 'INTEGER',
            required: true,
            placeholder: '250',
          },
          { key: 'annualRevenue', title: 'Annual revenue (EUR millions)', type: 'FLOAT', placeholder: '1.5' },
          { key: 'goLive', title: 'Planned go-live date', type: 'DATE', required: true },
          {
            key: 'termsUrl',
            title: 'Terms and conditions page',
            type: 'URL',
            placeholder: 'https://shop.example/terms',
          },
          { key: 'contactEmail', title: 'Compliance contact e-mail', type: 'EMAIL', required: true },
          {
            key: 'contactPhone',
            title: 'Compliance contact phone',
            type: 'TEL',
            placeholder: '+49 30 1234567',
          },
          {
            key: 'brandColor',
            title: 'Receipt colour',
            description: 'Until you choose a colour, receipts are printed in black.',
            type: 'COLOR',
          },
          {
            key: 'description',
            title: 'Describe what you sell',
            description: 'Your products, who buys them and where you sell them.',
            type: 'TEXT_AREA',
            required: true,
            placeholder: 'Handmade furniture, sold online to households in the EU',
          },
        ],
      },
      {
        key: 'crypto',
        title: 'Crypto assets',
        description: 'Only for crypto businesses.',
        condition: 'business.industry == "crypto"',
        questions: [
          {
            key: 'custody',
            title: 'Who holds customer assets?',
            type: 'RADIO',
            choices: [
              { key: 'self', title: 'We do (self-custody)' },
              { key: 'third_party', title: 'A licensed custodian' },
            ],
            required: true,
          },
          {
            key: 'chains',
            title: 'Supported networks',
            type: 'SELECT_MULTI',
            choices: [
              { key: 'btc', title: 'Bitcoin' },
              { key: 'eth', title: 'Ethereum' },
              { key: 'sol', title: 'Solana' },
            ],
            required: true,
          },
          {
            key: 'travelRule',
            title: 'Travel rule protocols',
            type: 'CHECKBOX',
            choices: [
              { key: 'trp', title: 'TRP' },
              { key: 'trust', title: 'TRUST' },
              { key: 'openvasp', title: 'OpenVASP' },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'compliance',
    name: 'Compliance',
    title: 'Compliance and operations',
    description: 'Where you operate and your compliance set-up.',
    type: 'KYB',
    sections: [
      {
        key: 'operations',
        title: 'Operations',
        questions: [
          {
            key: 'countries',
            title: 'Countries where you have customers',
            type: 'COUNTRY_MULTI',
            required: true,
          },
          {
            key: 'hq',
            title: 'Headquarters country',
            description: 'Where the business is run from, when that is not its country of registration.',
            type: 'COUNTRY',
            required: true,
          },
          { key: 'supportOpens', title: 'Support opening time', type: 'TIME', placeholder: '09:00' },
          { key: 'lastAudit', title: 'Last external audit', type: 'DATETIME' },
          {
            key: 'products',
            title: 'Products offered',
            description: 'Enter one product per item; add an item for each further product.',
            type: 'LIST',
            required: true,
          },
          {
            key: 'auditReport',
            title: 'Latest audit report',
            type: 'FILE',
            required: true,
            condition: 'lastAudit',
          },
        ],
      },
      {
        key: 'sanctions',
        title: 'Sanctions exposure',
        condition: 'operations.hq in ["RU", "BY", "IR"] || operations.countries contains "RU"',
        questions: [
          {
            key: 'exposureDetails',
            title: 'Describe your exposure',
            type: 'TEXT_AREA',
            required: true,
          },
          { key: 'licences', title: 'Sanctions licences', type: 'FILE_MULTI' },
          { key: 'portalPassword', title: 'Portal access code (if any)', type: 'PASSWORD' },
        ],
      },
    ],
  },
];

/* ---------------------------------------------------------------- AML sample list (fictional) */

export interface AmlSampleProfile {
  resourceId: string;
  kind: 'PERSON' | 'COMPANY';
  name: string;
  aliases?: string[];
  datasets: string[];
  countries: string[];
  datesOfBirth?: string[];
  gender?: 'MALE' | 'FEMALE';
  pepTier?: 'PEP_TIER_1' | 'PEP_TIER_2' | 'PEP_TIER_3';
  currentSanBodyIds?: number[];
  formerSanBodyIds?: number[];
  media?: { title: string; text: string; publishDate: string }[];
}

/** Clearly fictional persons and companies. `Ivan Ivanovich Testov` is the classic sanctions hit. */
export const AML_SAMPLE_LIST: AmlSampleProfile[] = [
  {
    resourceId: 'sbx-p-001',
    kind: 'PERSON',
    name: 'Ivan Ivanovich Testov',
    aliases: ['Ivan Testov'],
    datasets: ['SAN_CURRENT', 'PEP_CURRENT'],
    countries: ['RU'],
    datesOfBirth: ['1961-04-12'],
    gender: 'MALE',
    pepTier: 'PEP_TIER_1',
    currentSanBodyIds: [1, 7],
    media: [
      {
        title: 'Fictional minister placed under sanctions',
        text: 'A sandbox news item.',
        publishDate: '2022-03-01',
      },
    ],
  },
  {
    resourceId: 'sbx-p-002',
    kind: 'PERSON',
    name: 'Maria Exemplova',
    datasets: ['PEP_FORMER'],
    countries: ['BG'],
    datesOfBirth: ['1970'],
    gender: 'FEMALE',
    pepTier: 'PEP_TIER_2',
  },
  {
    resourceId: 'sbx-p-003',
    kind: 'PERSON',
    name: 'John Q Sampleton',
    datasets: ['INS', 'DD'],
    countries: ['GB'],
    datesOfBirth: ['1980-01'],
    gender: 'MALE',
  },
  {
    resourceId: 'sbx-p-004',
    kind: 'PERSON',
    name: 'Fatima Placeholder',
    datasets: ['PEP_LINKED'],
    countries: ['AE'],
    gender: 'FEMALE',
    pepTier: 'PEP_TIER_3',
  },
  {
    resourceId: 'sbx-p-005',
    kind: 'PERSON',
    name: 'Hans Mustermann-Fake',
    datasets: ['RRE', 'POI'],
    countries: ['DE'],
    datesOfBirth: ['1955-07-30'],
    gender: 'MALE',
    media: [{ title: 'Sandbox fraud allegation', text: 'Fictional coverage.', publishDate: '2021-11-15' }],
  },
  {
    resourceId: 'sbx-p-006',
    kind: 'PERSON',
    name: 'Juan Perez Ficticio',
    datasets: ['SAN_FORMER'],
    countries: ['VE'],
    formerSanBodyIds: [3],
    gender: 'MALE',
  },
  {
    resourceId: 'sbx-p-007',
    kind: 'PERSON',
    name: 'Li Wei Testperson',
    datasets: ['REL'],
    countries: ['SG'],
  },
  {
    resourceId: 'sbx-c-001',
    kind: 'COMPANY',
    name: 'Shadow Shell Trading Ltd',
    datasets: ['SAN_CURRENT'],
    countries: ['CY'],
    currentSanBodyIds: [2],
  },
  {
    resourceId: 'sbx-c-002',
    kind: 'COMPANY',
    name: 'Acme Sanctioned Holdings',
    datasets: ['SAN_CURRENT', 'SOE_CURRENT'],
    countries: ['IR'],
    currentSanBodyIds: [1],
  },
  {
    resourceId: 'sbx-c-003',
    kind: 'COMPANY',
    name: 'Bankrupt Widgets GmbH',
    datasets: ['INS'],
    countries: ['AT'],
  },
  {
    resourceId: 'sbx-c-004',
    kind: 'COMPANY',
    name: 'Dubious Ventures Inc',
    datasets: ['RRE', 'POI'],
    countries: ['PA'],
    media: [
      { title: 'Sandbox investigation into Dubious Ventures', text: 'Fictional.', publishDate: '2023-05-20' },
    ],
  },
  {
    resourceId: 'sbx-c-005',
    kind: 'COMPANY',
    name: 'State Oil Example Corp',
    datasets: ['SOE_FORMER', 'PEP_LINKED'],
    countries: ['NG'],
  },
];
