// antd's single-line inputs on their own. `Input` from 'antd' carries TextArea, Search and OTP with their
// styles (about 5 KB gzipped); the sign-in pages use none of them and have a weight budget.
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
