import { Navigate, Route, Routes } from 'react-router-dom';
import { ChatListPage } from './chat-list-page.tsx';
import { ChatViewPage } from './chat-view-page.tsx';
import { SafetyReportPage } from './safety-report-page.tsx';

/** /chats (list), /chats/safety-report (crisis referrals per month), /chats/:chatId (messages) and /chats/:chatId/:chatMessageId (message dialog). */
export function ChatsSection() {
  return (
    <Routes>
      <Route index element={<ChatListPage />} />
      <Route path="safety-report" element={<SafetyReportPage />} />
      {/* One route for both, so opening and closing the dialog keeps the message view mounted. */}
      <Route path=":chatId/:chatMessageId?" element={<ChatViewPage />} />
      <Route path="*" element={<Navigate to="/chats" replace />} />
    </Routes>
  );
}
