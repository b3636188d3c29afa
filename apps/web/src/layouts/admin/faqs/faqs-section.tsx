import { Navigate, Route, Routes } from 'react-router-dom';
import { FaqCreatePage } from './faq-create-page.tsx';
import { FaqDetailPage } from './faq-detail-page.tsx';
import { FaqListPage } from './faq-list-page.tsx';

/** /faqs (global FAQs by name), /faqs/create and /faqs/{faqId} (docs/product-rules.md#admin-back-office). */
export function FaqsSection() {
  return (
    <Routes>
      <Route index element={<FaqListPage />} />
      <Route path="create" element={<FaqCreatePage />} />
      <Route path=":faqId" element={<FaqDetailPage />} />
      <Route path="*" element={<Navigate to="/faqs" replace />} />
    </Routes>
  );
}
