export { ReceiptCheckPage as Component } from '../features/public-pages/receipt/receipt-check-page.tsx';
