import { imageContextMax, imageContextMin } from '@doppel/validation';
import { Anchor, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { FormCard } from '../../../kit/form-card.tsx';
import { pictureSrc } from '../../../media/media-url.ts';
import type { SectionProps } from './settings-section.tsx';
import { storageAnchor } from './talent-format.ts';

/**
 * Static attachments: the gallery images with their editable context (3 to 40 characters), and the
 * twin's stored files. The detail's "Storage" link scrolls here.
 */
export function GallerySection({ form, talent }: SectionProps) {
  const rows = form.values.staticAttachments;
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (location.hash === `#${storageAnchor}`) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash]);

  return (
    <div ref={ref} style={{ scrollMarginTop: 16 }}>
      <FormCard
        id={storageAnchor}
        title="Static attachments"
        description={`Gallery images the twin can send. Each needs a context of ${imageContextMin} to ${imageContextMax} characters.`}
      >
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No gallery image yet. The creator uploads them in their gallery.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {rows.map((row, index) => (
              <Paper key={row.id} withBorder radius="md" p="xs" data-testid="attachment-row" data-id={row.id}>
                <Stack gap={6}>
                  <Anchor href={row.url} target="_blank" rel="noopener noreferrer" aria-label={`Open image ${index + 1}`}>
                    <Image src={row.url} alt={row.context || row.originalFileName} h={140} radius="sm" fit="cover" />
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate title={row.originalFileName}>
                    {row.originalFileName}
                  </Text>
                  <TextInput
                    label={`Context of image ${index + 1}`}
                    maxLength={imageContextMax + 20}
                    {...form.getInputProps(`staticAttachments.${index}.context`)}
                  />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {typeof form.errors.staticAttachments === 'string' && (
          <Text size="sm" c="red" role="alert">
            {form.errors.staticAttachments}
          </Text>
        )}
        <Text size="sm" data-testid="talent-files">
          Files: {talent.staticAttachments.length} gallery {talent.staticAttachments.length === 1 ? 'image' : 'images'}
          {talent.profilePictureUrl ? (
            <>
              {' and '}
              <Anchor href={pictureSrc(talent.profilePictureUrl)} target="_blank" rel="noopener noreferrer">
                the profile picture
              </Anchor>
            </>
          ) : (
            ', no profile picture'
          )}
          .
        </Text>
      </FormCard>
    </div>
  );
}
