import type { AdminChatPromptRecord } from '@doppel/validation';
import { Tabs } from '@mantine/core';
import { PromptInputTab } from './prompt-input-tab.tsx';
import { PromptOutputTab } from './prompt-output-tab.tsx';

/** A twin message's prompt log: what the model was asked (Input) and what it answered (Output). */
export function PromptTabs({ prompt }: { prompt: AdminChatPromptRecord }) {
  return (
    <Tabs defaultValue="input" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="input">Input</Tabs.Tab>
        <Tabs.Tab value="output">Output</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="input" pt="md">
        <PromptInputTab prompt={prompt} />
      </Tabs.Panel>
      <Tabs.Panel value="output" pt="md">
        <PromptOutputTab prompt={prompt} />
      </Tabs.Panel>
    </Tabs>
  );
}
