/** The bundled reference tables behind `/AutoComplete/*` (countries, currencies, divisions, sea ports, …): what other modules may use. */
export { queryTable } from './tables.js';
