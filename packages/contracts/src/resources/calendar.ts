import { defineMessages } from '../i18n/index.js';

/** 发布日历 (issue 27, `/release/getCalendar`): the most entries one reply carries and the widest range it answers */
export const CALENDAR_MAX_ENTRIES = 2000;
export const CALENDAR_MAX_DAYS = 62;

export const calendarMessages = defineMessages({
  zh: {
    'calendar.rangeInvalid': '日历的结束时间必须晚于开始时间',
    'calendar.rangeTooLong': '日历一次最多查询 {days} 天，请缩小时间范围',
    'calendar.truncated': '该时间范围内的条目过多，只显示最早的 {max} 条',
  },
  en: {
    'calendar.rangeInvalid': 'The calendar’s end must be after its start',
    'calendar.rangeTooLong': 'The calendar answers at most {days} days at a time; choose a shorter range',
    'calendar.truncated': 'Too many entries in this range; only the earliest {max} are shown',
  },
  es: {
    'calendar.rangeInvalid': 'El final del calendario debe ser posterior a su inicio',
    'calendar.rangeTooLong': 'El calendario responde como máximo {days} días a la vez; elija un intervalo más corto',
    'calendar.truncated': 'Hay demasiadas entradas en este intervalo; solo se muestran las {max} primeras',
  },
});
