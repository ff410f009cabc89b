export { JoinPage as Component } from '../features/join/join-page.tsx';
