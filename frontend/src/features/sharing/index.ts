export { ShareModal, type ShareModalProps } from './ShareModal';
export { SHARE_EVENTS, type ShareSubject, type ShareTracker } from './share-events';
export { absoluteShareUrl, shareTargets, qrFileName } from './share-links';
