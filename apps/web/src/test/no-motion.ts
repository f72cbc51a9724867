// happy-dom has transition and animation events but never fires them, so an antd motion that starts here
// never ends: a button's «loading» icon that has begun to leave stays in the DOM and in the button's name,
// a closed window stays mounted. Without these events antd (rc-motion) shows and hides at once, as a
// browser does with reduced motion. Must run before antd is first imported: its own setup file, first.
delete (window as { TransitionEvent?: unknown }).TransitionEvent;
delete (window as { AnimationEvent?: unknown }).AnimationEvent;
