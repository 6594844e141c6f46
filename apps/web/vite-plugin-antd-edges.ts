import type { Plugin } from 'vite';

/**
 * Cuts import edges inside antd 6 that drag code no first screen uses into the chunks every signed-in screen loads.
 *
 * antd's button and tag styles import `isBright` from the color picker's presets panel, which imports Collapse;
 * antd's color helpers import `Color` from @rc-component/color-picker's index, which imports the whole picker.
 * Rolldown places a module by the static imports that reach it, used or not, so Collapse (DetailPage) and the
 * color picker (the rich-text editor) landed in the shared antd chunk of every screen. Here the styles get
 * `isBright` from a module of its own (the same function) and the helpers import `Color` from its own file.
 * A file that no longer has the expected text is left alone with a warning (the build stays correct, only larger).
 */
const ISBRIGHT_ID = '\0gk-antd-is-bright';
const CARD_TABS_ID = '\0gk-antd-card-tabs';
const RC_COLOR = "from '@rc-component/color-picker/es/color'";

const EDGES: { file: RegExp; from: string; to: string }[] = [
  {
    file: /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/,
    from: "import { isBright } from '../../color-picker/components/ColorPresets';",
    to: `import { isBright } from '${ISBRIGHT_ID}';`,
  },
  {
    file: /[\\/]antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/,
    from: "import { Color as RcColor } from '@rc-component/color-picker';",
    to: `import { Color as RcColor } ${RC_COLOR};`,
  },
  {
    // every antd input imports the form context, which took rc-form's FormProvider from its index: the whole field
    // store and validator came with any Select or Input. The same FormProvider, from its own file
    file: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    // Card renders Tabs only for a `tabList` (no screen gives one): Tabs and their styles load when one does
    file: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    from: "import Tabs from '../tabs';",
    to: `import Tabs from '${CARD_TABS_ID}';`,
  },
];

export function gkAntdEdges(): Plugin {
  return {
    name: 'gk-antd-edges',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === ISBRIGHT_ID || id === CARD_TABS_ID ? id : null;
    },
    load(id) {
      if (id === CARD_TABS_ID)
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Tabs = lazy(() => import('antd/es/tabs'));",
          'export default function CardTabs(props) {',
          '  return createElement(Suspense, { fallback: null }, createElement(Tabs, props));',
          '}',
          '',
        ].join('\n');
      if (id !== ISBRIGHT_ID) return null;
      // antd/es/color-picker/components/ColorPresets.js `isBright` (antd 6), verbatim
      return [
        `import { Color as RcColor } ${RC_COLOR};`,
        'export const isBright = (value, bgColorToken) => {',
        '  const { r, g, b, a } = value.toRgb();',
        '  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();',
        '  if (a <= 0.5) return hsv.v > 0.5;',
        '  return r * 0.299 + g * 0.587 + b * 0.114 > 192;',
        '};',
        '',
      ].join('\n');
    },
    transform(code, id) {
      const edge = EDGES.find((e) => e.file.test(id));
      if (!edge) return null;
      if (!code.includes(edge.from)) {
        this.warn(`gk-antd-edges: ${id} no longer has "${edge.from}"; left as it is`);
        return null;
      }
      return { code: code.replace(edge.from, edge.to), map: null };
    },
  };
}
