export { ChatPage as Component } from '../features/public-pages/assistant/chat-page.tsx';
