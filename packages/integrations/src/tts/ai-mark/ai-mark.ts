// What every synthesized voice note says about itself (EU AI Act Art. 50: machine-readable marking
// of synthetic audio). One description, written into each container by id3-tag.ts and riff-mark.ts.

/** IPTC's term for media made by a model trained on sampled content: text to speech is exactly that. */
export const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

export type AiAudioMark = {
  /** Whose AI voice speaks: the twin's name, or a catalogue voice's name for its sample. */
  speaker: string;
  /** The voice engine that made the audio (espeak-ng, elevenlabs). */
  engine: string;
};

/** The mark as the text fields every container carries; the same words in ID3, RIFF INFO and XMP. */
export type AiAudioMarkFields = {
  digitalSourceType: string;
  title: string;
  artist: string;
  comment: string;
  software: string;
};

export function aiAudioMarkFields(mark: AiAudioMark): AiAudioMarkFields {
  const speaker = mark.speaker.trim() || 'an AI twin';
  return {
    digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
    title: `AI-generated speech: ${speaker}`,
    artist: `${speaker} (AI voice)`,
    comment: `Synthetic speech made by AI text to speech for ${speaker}; not a recording of a person. IPTC digital source type: ${TRAINED_ALGORITHMIC_MEDIA}`,
    software: `Doppel text to speech (${mark.engine})`,
  };
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The mark as an XMP packet, where IPTC defines DigitalSourceType (Iptc4xmpExt): the form exiftool
 * and provenance tools look for. MP3 carries it in an ID3 PRIV frame, WAV in a `_PMX` chunk.
 */
export function aiAudioMarkXmp(mark: AiAudioMark): string {
  const fields = aiAudioMarkFields(mark);
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ` Iptc4xmpExt:DigitalSourceType="${xmlText(fields.digitalSourceType)}"`,
    ` xmp:CreatorTool="${xmlText(fields.software)}">`,
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(fields.title)}</rdf:li></rdf:Alt></dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${xmlText(fields.artist)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(fields.comment)}</rdf:li></rdf:Alt></dc:description>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}
