export { DictRadio, DictSelect, DictTag } from './DictSelect';
export { SearchSelect } from './SearchSelect';
export { dictText, useDictItems } from './useDict';
