export { Authorized, type AuthorizedOptions, useAuthorized } from './Authorized';
