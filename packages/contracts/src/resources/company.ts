import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { LIMITS } from '../enums.js';
import { defineMessages } from '../i18n/index.js';
import { defineResource } from '../resource.js';
import { optText, optUrl, reqText, validators } from '../validators.js';

/**
 * The company profile: one record, the site owner's company (SPEC point 2 company detail). Its paths are
 * not shown by SPEC; they live under `/company` and belong to the `contact` menu (联系方式 → 公司信息).
 */
export const companyEndpoints = defineEndpoints('contact', {
  get: { path: '/company/getCompany', kind: 'read', name: '公司信息', screen: 'CompanyDetails' },
  save: { path: '/company/saveCompany', kind: 'write', name: '保存公司信息', screen: 'CompanyDetails' },
});

export const companyMessages = defineMessages({
  zh: {
    'company.entity': '公司信息',
    'company.f.name': '公司名称',
    'company.f.shortName': '公司简称',
    'company.f.summary': '公司简介',
    'company.f.logo': '公司logo',
    'company.f.address': '地址',
    'company.f.phone': '电话',
    'company.f.email': '邮箱',
    'company.f.website': '公司网址',
    'company.f.recordNumber': '备案号',
    'company.nameRequired': '公司名称不得为空',
    'company.phoneTooLong': '电话不得超过30位',
    'company.websiteInvalid': '公司网址格式不正确（需以 http:// 或 https:// 开头）',
  },
  en: {
    'company.entity': 'Company profile',
    'company.f.name': 'Company name',
    'company.f.shortName': 'Short name',
    'company.f.summary': 'About the company',
    'company.f.logo': 'Company logo',
    'company.f.address': 'Address',
    'company.f.phone': 'Phone',
    'company.f.email': 'Email',
    'company.f.website': 'Website',
    'company.f.recordNumber': 'Filing number',
    'company.nameRequired': 'Company name must not be empty',
    'company.phoneTooLong': 'Phone must not exceed 30 characters',
    'company.websiteInvalid': 'The website is not valid (it must start with http:// or https://)',
  },
  es: {
    'company.entity': 'Datos de la empresa',
    'company.f.name': 'Nombre de la empresa',
    'company.f.shortName': 'Nombre corto',
    'company.f.summary': 'Sobre la empresa',
    'company.f.logo': 'Logotipo de la empresa',
    'company.f.address': 'Dirección',
    'company.f.phone': 'Teléfono',
    'company.f.email': 'Correo electrónico',
    'company.f.website': 'Sitio web',
    'company.f.recordNumber': 'Número de registro',
    'company.nameRequired': 'El nombre de la empresa no puede estar vacío',
    'company.phoneTooLong': 'El teléfono no puede superar 30 caracteres',
    'company.websiteInvalid': 'El sitio web no es válido (debe empezar por http:// o https://)',
  },
});

export const companyResource = defineResource({
  name: 'company',
  translatable: { fields: ['name', 'shortName', 'summary', 'address'] },
  module: 'contact',
  table: 'company',
  label: 'company.entity',
  fields: [
    { name: 'id', type: 'int', label: 'common.f.code', readOnly: true },
    { name: 'name', type: 'text', label: 'company.f.name' },
    { name: 'shortName', type: 'text', label: 'company.f.shortName' },
    { name: 'summary', type: 'text', label: 'company.f.summary' },
    { name: 'logo', type: 'image', label: 'company.f.logo' },
    { name: 'address', type: 'text', label: 'company.f.address' },
    { name: 'phone', type: 'text', label: 'company.f.phone' },
    { name: 'email', type: 'text', label: 'company.f.email' },
    { name: 'website', type: 'text', label: 'company.f.website' },
    { name: 'recordNumber', type: 'text', label: 'company.f.recordNumber' },
  ],
  save: z.object({
    name: reqText('company.nameRequired', 200),
    shortName: optText(100),
    summary: optText(2000),
    logo: optText(500),
    address: optText(300),
    phone: optText(Number.MAX_SAFE_INTEGER).refine((v) => v == null || v.length <= LIMITS.phoneMax, { message: 'company.phoneTooLong' }),
    email: optText(100).refine((v) => validators.email(v) == null, { message: 'v.email' }),
    website: optUrl('company.websiteInvalid'),
    recordNumber: optText(100),
  }),
  filters: [],
  // a single record, no list: get takes no id and save is an upsert (apps/server/src/modules/company)
  endpoints: { get: companyEndpoints.get, save: companyEndpoints.save },
  del: 'id',
  order: [],
  revisioned: true,
  webhook: ['update'],
  delivery: { single: { path: '/company', summary: 'The company profile', operationId: 'company' } },
});
